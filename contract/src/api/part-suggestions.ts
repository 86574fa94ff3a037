/**
 * GET /parts/suggest?q= (docs/decisions/095): what the search boxes offer while a shopper types,
 * and "Did you mean …" for words that find nothing. Plain types: the storefront reads them.
 */

/** Fewer characters than this are not completed: one letter would offer half the catalogue. */
export const SUGGESTION_TEXT_MIN = 2;
/** Searches offered at most (the words typed, the last one completed). */
export const SUGGESTED_SEARCHES = 4;
/** Parts offered at most, the most relevant first. */
export const SUGGESTED_PARTS = 5;

/** A part offered while typing: enough to name it and go to its page. */
export interface SuggestedPart {
  _id: string;
  productName: string;
  category: string;
}

export interface PartSuggestions {
  /** Searches that complete the last word typed with the catalogue's words, most parts first. */
  searches: string[];
  /** The parts the words typed find (the last word as the start of one), the most relevant first. */
  parts: SuggestedPart[];
  /** When the words find nothing: a search from the catalogue's own words that does, else null. */
  didYouMean: string | null;
}

/** The suggestions' query string. */
export const partSuggestionsSearch = (q: string): string => `?q=${encodeURIComponent(q)}`;
