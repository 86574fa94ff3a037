/**
 * The storefront's static CSS (docs/decisions/110): the server puts it inline in every rendered
 * page's head, and a page the browser renders itself adds it once, so no component waits for a
 * stylesheet's request.
 */
import { ADD_TO_CART_CSS } from '../features/cart/components/add-to-cart-styles.js';
import { CARD_GRID_CSS } from '../components/data/card-grid-styles.js';
import { PART_IMAGE_CSS } from '../components/data/part-image.js';
import { STOCK_BADGE_CSS } from '../features/parts/components/stock-badge.js';
import { FOOTER_CSS } from '../components/layout/footer-styles.js';
import { RELATED_PARTS_CSS } from '../features/parts/components/related-parts-styles.js';
import { REVIEW_CARD_CSS } from '../features/reviews/components/review-card-styles.js';
import { NAVBAR_CSS } from '../components/layout/navbar-styles.js';
import { STARS_CSS } from '../components/data/stars.js';
import { SPEC_FILTER_CSS } from '../features/parts/components/catalogue-filters-styles.js';
import { FILTER_SHEET_CSS } from '../features/parts/components/filter-sheet-styles.js';
import { PART_CARD_CSS } from '../features/parts/components/part-card-styles.js';
import { PHONE_BUY_BAR_CSS } from '../features/parts/components/phone-buy-bar-styles.js';
import { PART_RATING_CSS } from '../features/parts/components/part-rating.js';
import { DISCLOSURE_CSS } from '../lib/use-disclosure.js';

export const STATIC_STYLES_ID = 'static-styles';
export const STATIC_STYLES = [
  PART_CARD_CSS,
  PART_RATING_CSS,
  STARS_CSS,
  DISCLOSURE_CSS,
  PHONE_BUY_BAR_CSS,
  FILTER_SHEET_CSS,
  SPEC_FILTER_CSS,
  ADD_TO_CART_CSS,
  CARD_GRID_CSS,
  PART_IMAGE_CSS,
  STOCK_BADGE_CSS,
  FOOTER_CSS,
  RELATED_PARTS_CSS,
  REVIEW_CARD_CSS,
  NAVBAR_CSS,
].join('');

/** The `<style>` element for a page's head. */
export const staticStyleTag = () => `<style id="${STATIC_STYLES_ID}">${STATIC_STYLES}</style>`;

/** Adds the static CSS to a page that came without it (one the browser renders itself). */
export function addStaticStyles(document: Document): void {
  if (document.getElementById(STATIC_STYLES_ID)) return;
  const style = document.createElement('style');
  style.id = STATIC_STYLES_ID;
  style.textContent = STATIC_STYLES;
  document.head.append(style);
}
