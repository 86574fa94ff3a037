/**
 * GET /parts/suggest?q= (docs/decisions/095): what the search boxes offer while a shopper types,
 * from the snapshot's postings: searches that complete the last word, the most relevant parts,
 * and for words that find nothing a search from the catalogue's own words that does. Kept per
 * snapshot by the words as typed, like pages (each letter typed is asked once).
 */
import {
  SUGGESTED_PARTS,
  SUGGESTED_SEARCHES,
  SUGGESTION_TEXT_MIN,
  foldSearchText,
  type PartSuggestions,
} from '@sprocket/contract';
import { serializeJson, type SerializedJson } from '../serialized-json.js';
import type { CatalogueView } from './catalogue-snapshot.js';

const NOTHING: PartSuggestions = { searches: [], parts: [], didYouMean: null };

export function suggestParts(
  view: Pick<CatalogueView, 'entries' | 'index'>,
  q: string,
): PartSuggestions {
  if (foldSearchText(q).trim().length < SUGGESTION_TEXT_MIN) return NOTHING;
  const postings = view.index.postings();
  const hits = view.index.hits(q);
  const parts = (hits?.best(SUGGESTED_PARTS) ?? []).map((position) => {
    const { _id, productName, category } = view.entries[position]!.part;
    return { _id, productName, category };
  });
  return {
    searches: postings.completions(q, SUGGESTED_SEARCHES),
    parts,
    didYouMean: parts.length === 0 ? (postings.didYouMean(q) ?? null) : null,
  };
}

/** The suggestions for `q`, serialized once per snapshot. */
export function catalogueSuggestions(view: CatalogueView, q: string): SerializedJson {
  let json = view.suggestions.get(q);
  if (!json) {
    json = serializeJson(suggestParts(view, q));
    view.suggestions.set(q, json);
  }
  return json;
}
