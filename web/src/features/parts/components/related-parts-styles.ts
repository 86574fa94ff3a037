/**
 * A product page's rows of related parts as static CSS (docs/decisions/116): the rules MUI's
 * Stack, Box, Card, Typography and Link made for them, with lib/theme.ts's values. Each tile was
 * seven components that emotion styled as the page hydrated.
 */
import { CARD_SURFACE, headingSize } from '../../../lib/static-css.js';
import { fontFamily, headingFamily } from '../../../lib/theme.js';

export const RELATED_PARTS_CSS = `
.related-parts {
  display: flex;
  flex-direction: column;
  gap: 32px;
  margin-top: 40px;
}
@media (min-width: 900px) {
  .related-parts {
    gap: 40px;
    margin-top: 56px;
  }
}
.related-parts-title {
  margin: 0 0 16px;
  font-family: ${headingFamily};
  font-weight: 700;
  line-height: 1.334;
}${headingSize('.related-parts-title', 'h5')}
/* A phone swipes through the row; from 900 px the four sit side by side. */
.related-parts-row {
  display: grid;
  gap: 16px;
  grid-auto-flow: column;
  grid-auto-columns: 70%;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  margin: 0;
  padding: 0 0 8px;
  list-style: none;
}
@media (min-width: 600px) {
  .related-parts-row {
    grid-auto-columns: 40%;
  }
}
@media (min-width: 900px) {
  .related-parts-row {
    grid-auto-flow: row;
    grid-template-columns: repeat(4, minmax(0, 1fr));
    overflow-x: visible;
    padding-bottom: 0;
  }
}
.related-part {
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  scroll-snap-align: start;${CARD_SURFACE}
}
.related-part-image {
  width: 100%;
  aspect-ratio: 4 / 3;
}
.related-part-content {
  display: flex;
  flex: 1 1 0%;
  flex-direction: column;
  gap: 8px;
  padding: 16px;
}
.related-part-name {
  margin: 0;
  font-family: ${fontFamily};
  font-weight: 600;
  font-size: 1rem;
  line-height: 1.3;
}
/* The whole tile answers the tap: the link's box covers the card. */
.related-part-name a {
  display: block;
  min-height: 44px;
  color: inherit;
  text-decoration: none;
}
.related-part-name a:hover {
  text-decoration: underline;
}
.related-part-name a::after {
  content: "";
  position: absolute;
  inset: 0;
}
.related-part-footer {
  display: flex;
  flex-direction: row;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-top: auto;
}
.related-part-price {
  margin: 0;
  font-family: ${fontFamily};
  font-size: 1rem;
  font-weight: 600;
  line-height: 1.5;
  color: #0e4a52;
}
`;
