/**
 * A part's card as static CSS (docs/decisions/110): the rules MUI's Card, CardContent, Stack,
 * Typography and Link made for it in the browser while a page hydrated, with lib/theme.ts's values.
 * Sent inline with every page (app/static-styles.ts), so a rendered page needs no request for it.
 */
import { BUTTON_LOOK, CARD_SURFACE } from '../../../lib/static-css.js';
import { fontFamily, headingFamily } from '../../../lib/theme.js';

export const PART_CARD_CSS = `
.part-card {
  display: flex;
  font-family: ${fontFamily};
  flex-direction: column;
  height: 100%;${CARD_SURFACE}
}
.part-card-picture {
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 3;
  overflow: hidden;
  background-color: #eef2f4;
  border-bottom: 1px solid rgba(31, 38, 43, 0.06);
}
.part-card-image {
  width: 100%;
  height: 100%;
}
.part-card-content {
  display: flex;
  flex: 1 1 0%;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
}
.part-card-status {
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
}
.part-card-name {
  margin: 0;
  font-family: ${headingFamily};
  font-weight: 700;
  font-size: 1.05rem;
  line-height: 1.6;
}
/* The whole row on a phone, a finger's 44 px; inline from 600 px (lib/tap-target.ts). */
.part-card-name a {
  display: flex;
  align-items: center;
  min-width: 44px;
  min-height: 44px;
  color: inherit;
  text-decoration: none;
}
.part-card-name a:hover {
  text-decoration: underline;
}
.part-card-text {
  margin: 0;
  font-weight: 400;
  font-size: 0.875rem;
  line-height: 1.43;
}
.part-card-figures {
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin-top: auto;
  color: #55616a;
}
.part-card-price {
  margin: 0;
  font-weight: 600;
  font-size: 1.1rem;
  line-height: 1.75;
  color: #0e4a52;
}
.part-card-actions {
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: 8px;
  padding: 0 16px 16px;
}
@media (min-width: 600px) {
  .part-card-name {
    font-size: 1.0938rem;
  }
  .part-card-name a {
    display: inline;
  }
}
@media (min-width: 1200px) {
  .part-card-name {
    font-size: 1.1rem;
  }
}
/* Buy Now: MUI's contained Button in the accent (the layout sets --accent-*, MainLayout), as a
   plain link: no ButtonBase and ripple to hydrate on each card. */
.part-card-buy-now {${BUTTON_LOOK}
  width: 100%;
  padding: 6px 20px;
  border-radius: 999px;
  color: var(--accent-contrast, #1b1206);
  background-color: var(--accent-main, #e8772e);
}
@media (max-width: 599.95px) {
  .part-card-buy-now {
    min-width: 44px;
    min-height: 44px;
  }
}
@media (hover: hover) {
  .part-card-buy-now:hover {
    background-color: var(--accent-hover, #eb8b4d);
  }
}
@media print {
  .part-card-buy-now {
    print-color-adjust: exact;
  }
}
`;
