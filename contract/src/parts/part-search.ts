/**
 * What a part is searched by, field by field (docs/decisions/095): its name; what it is, its
 * category, its specifications and each size's (decision 088) and the values of its options; and
 * its description, which answers only a search that nothing else answers.
 */
import type { SearchTexts } from './search-terms.js';
import { SPEC_DEFINITIONS, soldSpecs, specValueLabel, type PartSpecs } from './specs.js';

/**
 * A category's words for search: its name, but "Wheels and tyres" files hubs, rims and tubes
 * beside tyres, so it is searched as wheels: a tyre says so in its name, and "tire" finds no hub.
 */
const CATEGORY_SEARCH_TEXT: Record<string, string> = {
  'wheels-and-tyres': 'Wheels',
};

/**
 * A part's specifications as words: a count with its label ("11 Speeds"), a measure with its
 * unit ("160 mm"), a choice by its label ("Shimano HG").
 */
export function specSearchTexts(specs: PartSpecs): string[] {
  return Object.entries(specs).map(([key, value]) => {
    const spec = SPEC_DEFINITIONS.get(key);
    if (!spec) return String(value);
    if (spec.kind === 'number' && !spec.unit) return `${value} ${spec.label}`;
    return specValueLabel(spec, value);
  });
}

/** The part as search reads it. */
export interface SearchablePart {
  productName: string;
  description: string;
  category: string;
  specs?: PartSpecs;
  options?: readonly { name: string; values: readonly string[] }[];
  variants?: readonly { specs?: PartSpecs }[];
}

/** A part's texts by field, for searchIndex; `categoryName` is its category's as the shop names it. */
export function partSearchTexts(part: SearchablePart, categoryName: string): SearchTexts {
  const sizes = (part.variants ?? []).map((variant) =>
    specSearchTexts(soldSpecs(part.specs ?? {}, variant.specs)).join(' '),
  );
  return {
    name: [part.productName],
    attributes: [
      (Object.hasOwn(CATEGORY_SEARCH_TEXT, part.category) && CATEGORY_SEARCH_TEXT[part.category]) ||
        categoryName,
      specSearchTexts(part.specs ?? {}).join(' '),
      ...sizes,
      ...(part.options ?? []).map((option) => option.values.join(' ')),
    ],
    description: [part.description],
  };
}
