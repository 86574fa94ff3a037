/**
 * The product page's phone buy bar's room at the foot of the page, as static CSS (app/static-styles.ts)
 * rather than a `<GlobalStyles>`: hydrating one moves its server-made style element, and the
 * browser recalculates the whole page's style (docs/decisions/115). A plain module, so the static
 * CSS brings none of the bar's components into every page.
 */

/** The bar's height on a phone, which the page leaves free at its end so nothing hides under it. */
export const BAR_HEIGHT = 72;
/** Marks a page with the bar, whose body then keeps BAR_HEIGHT free at its end on phones. */
export const BAR_SPACE_CLASS = 'phone-buy-bar-space';

/** 899.95px is MUI's `down('md')`, where the bar may show. */
export const PHONE_BUY_BAR_CSS = `
@media (max-width: 899.95px) {
  body:has(.${BAR_SPACE_CLASS}) { padding-bottom: ${BAR_HEIGHT}px; }
}
`;
