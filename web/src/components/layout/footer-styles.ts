/**
 * The footer as static CSS (docs/decisions/116): the rules MUI's Box, Container, Grid, Typography
 * and Link made for it, with lib/theme.ts's values (the h6's sizes as responsiveFontSizes made
 * them). Every page has it; emotion styled its two dozen components as each page hydrated. The
 * columns' headings take the owner's accent (`--accent-light`, which MainLayout sets).
 */
import { headingSize } from '../../lib/static-css.js';
import { fontFamily, headingFamily } from '../../lib/theme.js';

export const FOOTER_CSS = `
/* The part the footer waits in until it is seen (lib/hydrate-when-seen.tsx). */
.site-footer-place {
  margin-top: auto;
}
.site-footer {
  color: rgba(255, 255, 255, 0.86);
  background-color: #14262b;
}
.site-footer-inner {
  width: 100%;
  box-sizing: border-box;
  margin-left: auto;
  margin-right: auto;
  padding: 48px 16px;
}
@media (min-width: 600px) {
  .site-footer-inner {
    padding-left: 24px;
    padding-right: 24px;
  }
}
@media (min-width: 900px) {
  .site-footer-inner {
    padding-top: 64px;
    padding-bottom: 64px;
  }
}
@media (min-width: 1200px) {
  .site-footer-inner {
    max-width: 1200px;
  }
}
.site-footer-columns {
  display: flex;
  flex-flow: wrap;
  gap: 32px;
  min-width: 0;
  box-sizing: border-box;
}
.site-footer-columns > * {
  flex-grow: 0;
  flex-basis: auto;
  min-width: 0;
  box-sizing: border-box;
  width: calc(100% * 6 / 12 - 6 * (32px / 12));
}
.site-footer-columns > .site-footer-about {
  width: 100%;
}
@media (min-width: 600px) {
  .site-footer-columns > * {
    width: calc(100% * 4 / 12 - 8 * (32px / 12));
  }
}
@media (min-width: 900px) {
  .site-footer-columns > *,
  .site-footer-columns > .site-footer-about {
    width: calc(100% * 3 / 12 - 9 * (32px / 12));
  }
}
.site-footer-brand {
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;
  color: #fff;
}
.site-footer-name {
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
  font-family: ${headingFamily};
  font-weight: 700;
  line-height: 1.6;
}${headingSize('.site-footer-name', 'h6')}
.site-footer-text {
  margin: 0;
  font-family: ${fontFamily};
  font-weight: 400;
  font-size: 0.875rem;
  line-height: 1.43;
}
.site-footer-tagline {
  max-width: 260px;
  opacity: 0.75;
}
.site-footer-address {
  margin-top: 16px;
  font-style: normal;
}
.site-footer-heading {
  margin: 0;
  font-family: ${fontFamily};
  font-weight: 700;
  font-size: 0.75rem;
  line-height: 2.66;
  letter-spacing: 0.14em;
  text-transform: uppercase;
  color: var(--accent-light, #ee9d69);
}
.site-footer-links {
  margin: 0;
  padding: 0;
  list-style: none;
}
.site-footer-contacts {
  margin-top: 8px;
}
@media (min-width: 600px) {
  .site-footer-links > li {
    padding-top: 4px;
    padding-bottom: 4px;
  }
  .site-footer-contacts > li {
    padding-top: 2px;
    padding-bottom: 2px;
  }
}
/* On a phone each link is a 44 px row, tall enough for a finger (lib/tap-target.ts). */
.site-footer-links a {
  display: inline-flex;
  align-items: center;
  min-width: 44px;
  min-height: 44px;
  margin: 0;
  font: inherit;
  letter-spacing: inherit;
  color: inherit;
  text-decoration: none;
}
.site-footer-contacts a {
  word-break: break-word;
}
.site-footer-links a:hover {
  text-decoration: underline;
}
@media (min-width: 600px) {
  .site-footer-links a {
    display: inline;
  }
}
.site-footer-copyright {
  margin-top: 48px;
  padding-top: 24px;
  border-top: 1px solid rgba(255, 255, 255, 0.12);
  opacity: 0.7;
}
`;
