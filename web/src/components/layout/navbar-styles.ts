/**
 * The header as static CSS (docs/decisions/116, 122): the rules MUI's AppBar, Container, Toolbar,
 * Box, Typography and IconButton made for the bar, its shop name, its boxes and its round
 * buttons, and those its Stack and text Button made for the navigation links (as `linkSx` styled them: faint until hovered, the current
 * page underlined in the owner's accent, which MainLayout sets as `--accent-light`), with
 * lib/theme.ts's values. Every page has the header, and emotion styled each of them as the page
 * hydrated; the links were eight ButtonBases with their ripples, which a link needs neither of.
 */
import { BUTTON_LOOK, headingSize } from '../../lib/static-css.js';
import { headingFamily } from '../../lib/theme.js';

export const NAVBAR_CSS = `
.app-bar {
  display: flex;
  flex-direction: column;
  width: 100%;
  box-sizing: border-box;
  flex-shrink: 0;
  position: sticky;
  z-index: 1100;
  top: 0;
  left: auto;
  right: 0;
  color: #fff;
  background-color: #0e4a52;
}
.app-bar-inner {
  width: 100%;
  box-sizing: border-box;
  margin-left: auto;
  margin-right: auto;
  padding-left: 16px;
  padding-right: 16px;
}
@media (min-width: 600px) {
  .app-bar-inner {
    padding-left: 24px;
    padding-right: 24px;
  }
}
@media (min-width: 1536px) {
  .app-bar-inner {
    max-width: 1536px;
  }
}
.app-bar-toolbar {
  position: relative;
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 60px;
}
@media (min-width: 900px) {
  .app-bar-toolbar {
    min-height: 68px;
  }
}
/* The shop's name and mark, a link home: a long name gives way to the buttons (decision 104). */
.app-bar-brand {
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  min-width: 0;
  margin-right: auto;
  color: inherit;
  text-decoration: none;
}
@media (min-width: 1200px) {
  .app-bar-brand.beside-search {
    margin-right: 16px;
  }
}
.app-bar-name {
  margin: 0;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-family: ${headingFamily};
  font-weight: 800;
  line-height: 1.6;
  letter-spacing: 0.02em;
}${headingSize('.app-bar-name', 'h6')}
.app-bar-search {
  display: none;
  margin-right: auto;
}
@media (min-width: 1200px) {
  .app-bar-search {
    display: block;
  }
}
.app-bar-user {
  display: none;
}
@media (min-width: 900px) {
  .app-bar-user {
    display: block;
  }
}
/* The round icon buttons: MUI's IconButton (medium, colour inherit), without its ripple. */
.app-bar-icon {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  position: relative;
  box-sizing: border-box;
  flex: 0 0 auto;
  padding: 8px;
  margin: 0;
  border: 0;
  border-radius: 50%;
  outline: 0;
  color: inherit;
  background-color: transparent;
  font-size: 1.5rem;
  text-align: center;
  text-decoration: none;
  vertical-align: middle;
  cursor: pointer;
  user-select: none;
  appearance: none;
  -webkit-tap-highlight-color: transparent;
  transition: background-color 150ms cubic-bezier(0.4, 0, 0.2, 1);
}
.app-bar-icon:hover {
  background-color: rgba(0, 0, 0, 0.04);
}
@media (hover: none) {
  .app-bar-icon:hover {
    background-color: transparent;
  }
}
@media (max-width: 599.95px) {
  .app-bar-icon {
    min-width: 44px;
    min-height: 44px;
  }
}
.app-bar-icon.edge-start {
  margin-left: -12px;
}
.app-bar-icon.edge-end {
  margin-right: -12px;
}
@media (min-width: 900px) {
  .app-bar-icon.until-md {
    display: none;
  }
}
@media (min-width: 1200px) {
  .app-bar-icon.until-lg {
    display: none;
  }
}
.nav-row {
  display: none;
  flex-direction: row;
  align-items: center;
}
@media (min-width: 900px) {
  .nav-row {
    display: flex;
  }
}
.nav-row > :not(style),
.nav-column > :not(style) {
  margin: 0;
}
.nav-row > :not(style) ~ :not(style) {
  margin-left: 4px;
}
.nav-column {
  display: flex;
  flex-direction: column;
  padding-bottom: 16px;
}
.nav-column > :not(style) ~ :not(style) {
  margin-top: 4px;
}
.nav-login {
  padding-left: 12px;
}
.nav-column > .nav-login {
  padding-left: 0;
  padding-top: 8px;
}
.nav-link {${BUTTON_LOOK}
  padding: 6px 20px;
  border-radius: 20px;
  color: inherit;
  opacity: 0.85;
  background-color: transparent;
}
@media (max-width: 599.95px) {
  .nav-link {
    min-width: 44px;
    min-height: 44px;
  }
}
.nav-column > .nav-link {
  justify-content: flex-start;
}
.nav-link:hover {
  opacity: 1;
  background-color: rgba(255, 255, 255, 0.08);
}
.nav-link.active {
  opacity: 1;
  box-shadow: inset 0 -3px 0 var(--accent-light, #ee9d69);
}
`;
