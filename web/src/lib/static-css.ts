/**
 * Declarations that several pieces of the storefront's static CSS share (docs/decisions/110,
 * 116), each as MUI made it with lib/theme.ts's values: written once here, put into each rule.
 */
import { fontFamily } from './theme.js';

/** A card's surface: MUI's Card with the theme's border, radius and shadow. */
export const CARD_SURFACE = `
  overflow: hidden;
  color: #1f262b;
  background-color: #fff;
  border: 1px solid rgba(31, 38, 43, 0.08);
  border-radius: 10px;
  box-shadow:
    0 1px 2px rgba(16, 24, 32, 0.04),
    0 8px 24px rgba(16, 24, 32, 0.06);
  transition: box-shadow 300ms cubic-bezier(0.4, 0, 0.2, 1);`;

/** A button's box and words: MUI's ButtonBase and Button (medium) with the theme's type. */
export const BUTTON_LOOK = `
  display: inline-flex;
  align-items: center;
  justify-content: center;
  position: relative;
  box-sizing: border-box;
  -webkit-tap-highlight-color: transparent;
  outline: 0;
  min-width: 64px;
  margin: 0;
  border: 0;
  cursor: pointer;
  user-select: none;
  vertical-align: middle;
  appearance: none;
  font-family: ${fontFamily};
  font-size: 0.875rem;
  font-weight: 700;
  line-height: 1.75;
  letter-spacing: 0.01em;
  text-decoration: none;
  text-transform: none;
  box-shadow: none;
  transition:
    background-color 250ms cubic-bezier(0.4, 0, 0.2, 1),
    box-shadow 250ms cubic-bezier(0.4, 0, 0.2, 1),
    border-color 250ms cubic-bezier(0.4, 0, 0.2, 1),
    color 250ms cubic-bezier(0.4, 0, 0.2, 1);`;

/** A heading's sizes as responsiveFontSizes makes them: its base, from 600 px, from 1200 px. */
export const HEADING_SIZES = {
  h5: ['1.15rem', '1.3118rem', '1.3rem'],
  h6: ['1.05rem', '1.0938rem', '1.1rem'],
} as const;

/** The rules that size `selector` as the theme's `variant` heading at each width. */
export const headingSize = (selector: string, variant: keyof typeof HEADING_SIZES) => {
  const [base, fromSmall, fromLarge] = HEADING_SIZES[variant];
  return `
${selector} {
  font-size: ${base};
}
@media (min-width: 600px) {
  ${selector} {
    font-size: ${fromSmall};
  }
}
@media (min-width: 1200px) {
  ${selector} {
    font-size: ${fromLarge};
  }
}`;
};
