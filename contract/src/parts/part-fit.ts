/**
 * What a product page offers next to a part (issue 35 item 7, docs/decisions/106): parts that fit
 * it, by the standards both give (SpecDefinition.standard), and related parts of its own kind.
 * One rule, run by GET /parts/{id}/related over the catalogue and by its tests.
 */
import { isInStock } from './part-rules.js';
import { SPEC_DEFINITIONS, soldSpecs, type PartSpecs } from './specs.js';

/** How many parts each of the two rows shows. */
export const RELATED_PARTS_SHOWN = 4;

export interface FitCandidate {
  _id: string;
  category: string;
  price: number;
  quantity: number;
  order: number;
  averageRating: number | null;
  specs: PartSpecs;
  variants: readonly { quantity: number; specs?: PartSpecs }[];
}

/** Each spec's values over every way a part is sold: a tyre in 700c and 650b sizes gives both. */
export function specValueSets(part: Pick<FitCandidate, 'specs' | 'variants'>) {
  const ways =
    part.variants.length > 0
      ? part.variants.map((variant) => soldSpecs(part.specs, variant.specs))
      : [part.specs];
  const sets = new Map<string, Set<string | number>>();
  for (const specs of ways) {
    for (const [key, value] of Object.entries(specs)) {
      const values = sets.get(key) ?? new Set();
      values.add(value);
      sets.set(key, values);
    }
  }
  return sets;
}

type ValueSets = ReturnType<typeof specValueSets>;

const shareAny = (a: ReadonlySet<string | number>, b: ReadonlySet<string | number>) =>
  [...a].some((value) => b.has(value));

/**
 * How well two parts fit together: the number of standards both give with a value in common; 0
 * when they share none, or when any standard both give has no value in common (a rim-brake pad
 * and a disc hub).
 */
export function fitScore(a: ValueSets, b: ValueSets): number {
  let agreeing = 0;
  for (const [key, values] of a) {
    if (!SPEC_DEFINITIONS.get(key)?.standard) continue;
    const others = b.get(key);
    if (!others) continue;
    if (!shareAny(values, others)) return 0;
    agreeing += 1;
  }
  return agreeing;
}

const sameKeys = (a: ValueSets, b: ValueSets) =>
  a.size === b.size && [...a.keys()].every((key) => b.has(key));

/** In stock first, then the better rated. */
const byStockThenRating = (a: FitCandidate, b: FitCandidate) =>
  Number(isInStock(b)) - Number(isInStock(a)) || (b.averageRating ?? 0) - (a.averageRating ?? 0);

/**
 * The parts shown beside `part`, at most RELATED_PARTS_SHOWN of each:
 * - `fits`: parts of another kind that share a standard with it and disagree on none, the most
 *   standards in common first (an 11-speed HG cassette: 11-speed chains, an HG hub);
 * - `related`: the rest of its category: those of its own kind (the same specifications given)
 *   first, in stock first, those fitting the same bikes first, then the closest in price.
 * A part of the same category and the same specifications is an alternative, not a companion.
 */
export function relatedParts<Part extends FitCandidate>(
  part: FitCandidate,
  catalogue: readonly Part[],
): { related: Part[]; fits: Part[] } {
  const own = specValueSets(part);
  const fits: { candidate: Part; score: number }[] = [];
  const related: { candidate: Part; kind: number; score: number }[] = [];
  for (const candidate of catalogue) {
    if (candidate._id === part._id) continue;
    const theirs = specValueSets(candidate);
    const score = fitScore(own, theirs);
    const sameKind = candidate.category === part.category && sameKeys(own, theirs);
    if (score > 0 && !sameKind) fits.push({ candidate, score });
    else if (candidate.category === part.category)
      related.push({ candidate, kind: Number(sameKind), score });
  }
  fits.sort((a, b) => b.score - a.score || byStockThenRating(a.candidate, b.candidate));
  related.sort(
    (a, b) =>
      b.kind - a.kind ||
      Number(isInStock(b.candidate)) - Number(isInStock(a.candidate)) ||
      b.score - a.score ||
      Math.abs(a.candidate.price - part.price) - Math.abs(b.candidate.price - part.price),
  );
  return {
    related: related.slice(0, RELATED_PARTS_SHOWN).map(({ candidate }) => candidate),
    fits: fits.slice(0, RELATED_PARTS_SHOWN).map(({ candidate }) => candidate),
  };
}
