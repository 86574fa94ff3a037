/**
 * The header's navigation links as static CSS (docs/decisions/116): the rules MUI's Stack and its
 * text Button made for them (as `linkSx` styled them: faint until hovered, the current page
 * underlined in the owner's accent, which MainLayout sets as `--accent-light`), with lib/theme.ts's
 * values. Every page has eight of them, each a ButtonBase with its ripple that emotion styled as
 * the page hydrated; a link needs neither.
 */
import { BUTTON_LOOK } from '../../lib/static-css.js';

export const NAVBAR_CSS = `
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
