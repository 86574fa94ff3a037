/**
 * Many parts' search indexes taken together (the catalogue snapshot's), so that a search costs
 * the keys it can match and the parts that have them, not a pass over every part with every key
 * (issue 25 item 9: at 10,000 parts the pass took 14 ms a search). It answers exactly as
 * `searchScorer` does, part by part: the same units, `unitKeyMatch` grades every key, and the
 * parts found strongly (in their names and attributes) answer, or else those found anywhere
 * (docs/decisions/095). It also completes a word being typed and finds, for a search that finds
 * nothing, one from the catalogue's own words that does.
 */
import { keptIn } from '../kept-in.js';
import {
  DESCRIPTION_FIELD,
  EXACT_MATCH,
  fieldAt,
  foldSearchText,
  matchQuality,
  NO_MATCH,
  relevanceScore,
  searchUnits,
  searchWordsOf,
  typosAllowed,
  unitKeyMatch,
  withinEdits,
  type MatchKind,
  type SearchField,
  type SearchIndex,
  type SearchUnit,
} from './search-terms.js';

export interface SearchPostings {
  /**
   * Which parts, by their position in the indexes given, answer `q`; undefined when `q` asks
   * for nothing (every part answers). The latest searches' hits are kept, by their words.
   */
  matching(q: string | undefined): SearchHits | undefined;
  /**
   * Searches that complete the last word of `q` with the catalogue's words, those that find the
   * most parts with the words before it first; none when `q` ends in a space or its last word is
   * shorter than two characters.
   */
  completions(q: string, limit: number): string[];
  /**
   * For a search that finds nothing, one made of the catalogue's words that finds something:
   * each unknown word replaced by the nearest known one, or left out; if that finds nothing
   * either, the words without the one that keeps the others from finding parts together.
   */
  didYouMean(q: string): string | undefined;
}

/** The parts that answer a search, by position. */
export interface SearchHits {
  has(position: number): boolean;
  /** Every position that answers, once each, in no particular order. */
  positions: readonly number[];
  /** The positions by relevance, the best first; equal ones in catalogue order (worked out once). */
  ranked(): readonly number[];
  /** The first `limit` of `ranked()`, without ranking them all (what suggestions show). */
  best(limit: number): number[];
}

/** A key that a typed word can reach with typos: its length and a bag of its letters. */
interface TypoCandidate {
  key: string;
  letters: number;
}

/** The most typos any word is forgiven (typosAllowed). */
const MOST_TYPOS = 2;
/** The most edits a word of Did you mean is looked for within, by the word's length. */
const correctionEdits = (word: string): number =>
  !/^\p{L}+$/u.test(word) || word.length < 3 ? 0 : word.length >= 8 ? 3 : word.length >= 4 ? 2 : 1;
/** Keys of a prefix run weighed for completions at most (the run of "sh" in 10,000 parts is short). */
const COMPLETION_CANDIDATES = 400;
/** Searches, and units' keys, kept matched; past this the kept ones are dropped together. */
const SEARCHES_KEPT = 256;

/**
 * The letters of a word as bits (by char code mod 31). Each edit changes at most two of the bits
 * two words differ in, so keys whose bits differ from the word's in more than twice the typos
 * allowed are skipped without computing the distance.
 */
function letterBits(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i += 1) bits |= 1 << (word.charCodeAt(i) % 31);
  return bits;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

const nonLetters = (key: string): number => key.replace(/\p{L}/gu, '').length;

/** The first position in `sorted` whose value is not below `value`. */
function lowerBound<T>(sorted: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A unit as a key of what is kept for it: its forms and related terms follow from its words. */
const unitKeyOf = (unit: SearchUnit): string => `${unit.single ? 1 : 0}${unit.literal}`;

/** A posting: a part's position and the field its key is in, as one number (position × 4 + field). */
const FIELD_BITS = 2;
const positionOf = (posting: number) => posting >>> FIELD_BITS;
const fieldOf = (posting: number) => (posting & 3) as SearchField;

export function searchPostings(indexes: readonly SearchIndex[]): SearchPostings {
  // Which parts have each key (and in which field), in position order.
  const postings = new Map<string, number[]>();
  indexes.forEach((index, position) => {
    index.keys.forEach((key, k) => {
      const posting = (position << FIELD_BITS) | index.fields[k]!;
      const parts = postings.get(key);
      if (parts) parts.push(posting);
      else postings.set(key, [posting]);
    });
  });
  // In code-unit order, every key that begins with a form is in one run from its lower bound.
  const keys = [...postings.keys()].sort();
  const keysPerPart =
    indexes.reduce((sum, index) => sum + index.keys.length, 0) / Math.max(1, indexes.length);
  // A word of letters is within n edits of a key only if the key has n or fewer other characters.
  const byLength = new Map<number, TypoCandidate[]>();
  for (const key of keys) {
    if (nonLetters(key) > MOST_TYPOS) continue;
    const sameLength = byLength.get(key.length) ?? [];
    sameLength.push({ key, letters: letterBits(key) });
    byLength.set(key.length, sameLength);
  }
  // Every text in one string, so a term typed as such is found with indexOf, not once per part.
  let texts: { joined: string; starts: number[] } | undefined;
  const textsJoined = () => {
    if (texts) return texts;
    const starts: number[] = [];
    let at = 0;
    for (const index of indexes) {
      starts.push(at);
      at += index.text.length + 1;
    }
    texts = { joined: indexes.map((index) => index.text).join('\u0000'), starts };
    return texts;
  };

  /** The keys within `edits` of `word` (bag-of-letters first, then the distance). */
  function keysWithin(word: string, edits: number, found: (key: string) => void) {
    const letters = letterBits(word);
    for (let length = word.length - edits; length <= word.length + edits; length++) {
      for (const candidate of byLength.get(length) ?? []) {
        if (
          bitCount(candidate.letters ^ letters) <= 2 * edits &&
          withinEdits(word, candidate.key, edits)
        )
          found(candidate.key);
      }
    }
  }

  // The keys of units matched lately: typing a search matches its first words again at each letter.
  const unitKeys = new Map<string, Map<string, MatchKind>>();
  const keysOf = (unit: SearchUnit): Map<string, MatchKind> =>
    keptIn(unitKeys, unitKeyOf(unit), SEARCHES_KEPT, () => keysOfUnit(unit));

  /** Every key that answers a unit, with how well (unitKeyMatch). */
  function keysOfUnit(unit: SearchUnit): Map<string, MatchKind> {
    const candidates = new Map<string, MatchKind>();
    const consider = (key: string) => {
      if (candidates.has(key)) return;
      const kind = unitKeyMatch(unit, key);
      if (kind !== undefined) candidates.set(key, kind);
    };
    if (!unit.single) {
      for (const form of [...unit.forms, ...unit.related]) if (postings.has(form)) consider(form);
      return candidates;
    }
    for (const form of [...unit.forms, ...unit.related]) {
      // A plural also finds its singular ("tyres" finds "tyre"), which sorts before its run.
      if (form.endsWith('s') && postings.has(form.slice(0, -1))) consider(form.slice(0, -1));
      for (let at = lowerBound(keys, form); at < keys.length; at += 1) {
        if (!keys[at]!.startsWith(form)) break;
        consider(keys[at]!);
      }
    }
    const typos = typosAllowed(unit.literal);
    if (typos > 0) keysWithin(unit.literal, typos, consider);
    return candidates;
  }

  /** Calls `found` with each part whose text holds `literal` as typed, and the field it is first in. */
  function inTexts(literal: string, found: (position: number, field: SearchField) => void) {
    const { joined, starts } = textsJoined();
    for (let at = joined.indexOf(literal); at !== -1;) {
      const position = lowerBound(starts, at + 1) - 1;
      found(position, fieldAt(indexes[position]!, at - starts[position]!));
      const next = starts[position + 1];
      if (next === undefined) break;
      at = joined.indexOf(literal, next);
    }
  }

  // Scratch for the search being matched (a search runs to its end synchronously): each unit's
  // best quality in each part, and how many units each part has answered, valid only where
  // `touched` holds the search's number. Typed arrays made per search (hundreds of KB at 10,000
  // parts) kept the collector busy when suggestions were asked for at every letter typed.
  const count = indexes.length;
  const touched = new Uint32Array(count);
  const answered = new Uint16Array(count);
  const anyScratch: Uint8Array[] = [];
  const strongScratch: Uint8Array[] = [];
  let searchNumber = 0;

  function matchUnits(units: readonly SearchUnit[]): SearchHits {
    if (searchNumber === 0xffffffff) {
      touched.fill(0);
      searchNumber = 0;
    }
    const now = (searchNumber += 1);
    while (anyScratch.length < units.length) {
      anyScratch.push(new Uint8Array(count));
      strongScratch.push(new Uint8Array(count));
    }
    const found: number[] = [];
    const unitCount = units.length;
    for (let u = 0; u < unitCount; u += 1) {
      const unit = units[u]!;
      const anyOf = anyScratch[u]!;
      const strongOf = strongScratch[u]!;
      const mark = (position: number, quality: number, field: SearchField) => {
        // A part that missed an earlier unit stays behind.
        if (touched[position] !== now) {
          if (u > 0) return;
          touched[position] = now;
          answered[position] = 0;
        }
        const was = answered[position]!;
        if (was < u) return;
        if (was === u) {
          anyOf[position] = NO_MATCH;
          strongOf[position] = NO_MATCH;
          answered[position] = u + 1;
          if (u + 1 === unitCount) found.push(position);
        }
        if (quality < anyOf[position]!) anyOf[position] = quality;
        if (field !== DESCRIPTION_FIELD && quality < strongOf[position]!)
          strongOf[position] = quality;
      };
      for (const [key, kind] of keysOf(unit)) {
        for (const posting of postings.get(key)!) {
          const field = fieldOf(posting);
          mark(positionOf(posting), matchQuality(kind, field), field);
        }
      }
      if (!unit.single)
        inTexts(unit.literal, (position, field) =>
          mark(position, matchQuality(EXACT_MATCH, field), field),
        );
    }
    const strongly: number[] = [];
    found: for (const position of found) {
      for (let u = 0; u < unitCount; u += 1)
        if (strongScratch[u]![position]! === NO_MATCH) continue found;
      strongly.push(position);
    }
    const chosen = strongly.length > 0 ? strongScratch : anyScratch;
    const positions = strongly.length > 0 ? strongly : found;
    // Each hit's relevance, by its place in `positions`, from its qualities in the scratch.
    const scores = new Float64Array(positions.length);
    const qualities = new Uint8Array(unitCount);
    for (let i = 0; i < positions.length; i += 1) {
      for (let u = 0; u < unitCount; u += 1) qualities[u] = chosen[u]![positions[i]!]!;
      scores[i] = relevanceScore(qualities);
    }
    return foundHits(positions, scores);
  }

  /** The hits of a search: `positions`, and the relevance of each in turn (lower first). */
  function foundHits(positions: readonly number[], scores: Float64Array): SearchHits {
    let answers: Uint8Array | undefined;
    const before = (i: number, j: number) =>
      scores[i]! - scores[j]! || positions[i]! - positions[j]!;
    let ranked: number[] | undefined;
    return {
      has(position) {
        if (!answers) {
          answers = new Uint8Array(count);
          for (const at of positions) answers[at] = 1;
        }
        return answers[position] === 1;
      },
      positions,
      ranked: () =>
        (ranked ??= positions
          .map((_, i) => i)
          .sort(before)
          .map((i) => positions[i]!)),
      best(limit) {
        if (ranked) return ranked.slice(0, limit);
        // The few best kept in order as the hits go by: no sort of them all.
        const kept: number[] = [];
        for (let i = 0; i < positions.length; i += 1) {
          if (kept.length === limit && before(i, kept[limit - 1]!) > 0) continue;
          let at = kept.length;
          while (at > 0 && before(i, kept[at - 1]!) < 0) at -= 1;
          kept.splice(at, 0, i);
          if (kept.length > limit) kept.pop();
        }
        return kept.map((i) => positions[i]!);
      },
    };
  }

  // The searches matched lately, by their units: as a shopper types, the words before the last
  // one are matched again for every letter (completions) and Did you mean tries several.
  const matched = new Map<string, SearchHits>();
  const matching = (q: string | undefined): SearchHits | undefined => {
    const units = searchUnits(q);
    if (units.length === 0) return undefined;
    return keptIn(matched, units.map(unitKeyOf).join('\u0000'), SEARCHES_KEPT, () =>
      matchUnits(units),
    );
  };

  /** The nearest key to an unknown word (fewest edits, then the most parts), or undefined. */
  function nearestKey(word: string): string | undefined {
    for (let edits = 1; edits <= correctionEdits(word); edits += 1) {
      let best: string | undefined;
      keysWithin(word, edits, (key) => {
        if (!best || postings.get(key)!.length > postings.get(best)!.length) best = key;
      });
      if (best) return best;
    }
    return undefined;
  }

  const finds = (q: string) => (matching(q)?.positions.length ?? 0) > 0;

  return {
    matching,
    completions(q, limit) {
      const folded = foldSearchText(q);
      if (/[^\p{L}\p{N}]$/u.test(folded)) return [];
      const words = searchWordsOf(folded);
      const last = words.at(-1);
      if (!last || last.length < 2) return [];
      const before = words.slice(0, -1).join(' ');
      const within = before ? matching(before) : undefined;
      if (within && within.positions.length === 0) return [];
      const run: string[] = [];
      const from = lowerBound(keys, last);
      for (let at = from; at < keys.length && run.length < COMPLETION_CANDIDATES; at += 1) {
        if (!keys[at]!.startsWith(last)) break;
        run.push(keys[at]!);
      }
      // How many of the parts the words before find have each key of the run: counted from
      // whichever is fewer, the run's postings or the found parts' own keys.
      const counts = new Map<string, number>();
      const runPostings = run.reduce((sum, key) => sum + postings.get(key)!.length, 0);
      if (!within) for (const key of run) counts.set(key, postings.get(key)!.length);
      else if (within.positions.length * keysPerPart < runPostings) {
        const inRun = new Set(run);
        for (const position of within.positions)
          for (const key of indexes[position]!.keys)
            if (key.startsWith(last) && inRun.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
      } else
        for (const key of run) {
          let found = 0;
          for (const posting of postings.get(key)!) if (within.has(positionOf(posting))) found += 1;
          if (found > 0) counts.set(key, found);
        }
      const weighed = [...counts].map(([key, parts]) => ({ key, parts }));
      return weighed
        .sort((a, b) => b.parts - a.parts || (a.key < b.key ? -1 : 1))
        .slice(0, limit)
        .map(({ key }) => (before ? `${before} ${key}` : key));
    },
    didYouMean(q) {
      const units = searchUnits(q);
      if (units.length === 0 || finds(q)) return undefined;
      // A word the catalogue has stays; one it has only by a typo or a start becomes the
      // nearest word it has; one it has not at all is left out.
      const words = units
        .map((unit) =>
          postings.has(unit.literal)
            ? unit.literal
            : (nearestKey(unit.literal) ?? (keysOf(unit).size > 0 ? unit.literal : undefined)),
        )
        .filter((word): word is string => word !== undefined);
      const asked = units.map((unit) => unit.literal).join(' ');
      const corrected = words.join(' ');
      if (corrected && corrected !== asked && finds(corrected)) return corrected;
      if (words.length < 2) return undefined;
      // Every word is known, but not together: the search without the word that stands apart.
      let best: { text: string; parts: number } | undefined;
      words.forEach((_, left) => {
        const text = words.filter((__, w) => w !== left).join(' ');
        const parts = matching(text)?.positions.length ?? 0;
        if (parts > 0 && (!best || parts > best.parts)) best = { text, parts };
      });
      return best?.text;
    },
  };
}
