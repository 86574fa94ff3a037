/**
 * A review's card as static CSS (docs/decisions/116): the rules MUI's Card, CardContent, Stack, Box,
 * Typography and SvgIcon made for it, with lib/theme.ts's values. Home shows six and All Reviews a
 * page of them, each a dozen components emotion styled as the page hydrated. The quote mark takes
 * the owner's accent (`--accent-light`, which MainLayout sets).
 */
import { CARD_SURFACE } from '../../../lib/static-css.js';
import { fontFamily } from '../../../lib/theme.js';

export const REVIEW_CARD_CSS = `
.review-card {
  height: 100%;${CARD_SURFACE}
}
.review-card-content {
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: 100%;
  box-sizing: border-box;
  padding: 16px 16px 24px;
}
.review-card-part {
  display: flex;
  flex-direction: row;
  align-items: center;
  gap: 12px;
}
.review-card-image {
  flex-shrink: 0;
  width: 56px;
  height: 56px;
  border-radius: 10px;
}
.review-card-title {
  min-width: 0;
}
.review-card-name {
  margin: 0;
  font-family: ${fontFamily};
  font-weight: 600;
  font-size: 1rem;
  line-height: 1.3;
}
.review-card-stars {
  display: flex;
  padding: 2px 0;
}
.review-card-words {
  position: relative;
  flex: 1 1 0%;
}
.review-card-quote {
  position: absolute;
  top: -6px;
  left: -4px;
  width: 1em;
  height: 1em;
  font-size: 1.5rem;
  fill: currentcolor;
  color: var(--accent-light, #ee9d69);
  opacity: 0.5;
  user-select: none;
}
.review-card-text {
  margin: 0;
  font-family: ${fontFamily};
  font-weight: 400;
  font-size: 0.875rem;
  line-height: 1.43;
}
.review-card-words > .review-card-text {
  padding-left: 24px;
}
.review-card-signature {
  font-weight: 600;
  word-break: break-word;
}
`;
