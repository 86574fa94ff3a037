/**
 * The filter sheet shown as the address's target before the scripts have run, as static CSS
 * (app/static-styles.ts): a style in its `sx` for that state alone was dropped at hydration, and
 * the browser inserted a new rule set for the sheet, a style sheet added as the page started
 * (docs/decisions/115). A plain module, so the static CSS brings none of the sheet's components.
 */
import { HYDRATED_ATTRIBUTE } from '../../../lib/page-state.js';

export const FILTER_SHEET_CLASS = 'filter-sheet';

/** 899.95px is MUI's `down('md')`, where the filters are a sheet. */
export const FILTER_SHEET_CSS = `
@media (max-width: 899.95px) {
  html:not([${HYDRATED_ATTRIBUTE}]) .${FILTER_SHEET_CLASS}:target { display: flex; }
}
`;
