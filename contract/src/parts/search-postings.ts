/**
 * Many parts' search indexes taken together (the catalogue snapshot's), so that a search costs
 * the keys it can match and the parts that have them, not a pass over every part with every key
 * (issue 25 item 9: at 10,000 parts the pass took 14 ms a search). It answers exactly as
 * `searchMatcher` does, part by part: the same units, and `unitMatchesKey` decides every key.
 */
import {
  searchUnits,
  typosAllowed,
  unitMatchesKey,
  type SearchIndex,
  type SearchUnit,
} from './search-terms.js';

export interface SearchPostings {
  /**
   * Which parts, by their position in the indexes given, answer `q`; undefined when `q` asks
   * for nothing (every part answers).
   */
  matching(q: string | undefined): SearchHits | undefined;
}

/** The parts that answer a search, by position. */
export interface SearchHits {
  has(position: number): boolean;
  /** Every position that answers, once each, in no particular order. */
  positions: readonly number[];
}

/** A key that a typed word can reach with typos: its length and a bag of its letters. */
interface TypoCandidate {
  key: string;
  letters: number;
}

/** The most typos any word is forgiven (typosAllowed). */
const MOST_TYPOS = 2;

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

export function searchPostings(indexes: readonly SearchIndex[]): SearchPostings {
  // Which parts have each key, in position order.
  const postings = new Map<string, number[]>();
  indexes.forEach((index, position) => {
    for (const key of index.keys) {
      const parts = postings.get(key);
      if (parts) parts.push(position);
      else postings.set(key, [position]);
    }
  });
  // In code-unit order, every key that begins with a form is in one run from its lower bound.
  const keys = [...postings.keys()].sort();
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

  function keysOf(unit: SearchUnit): Set<string> {
    const candidates = new Set<string>();
    if (!unit.single) {
      for (const form of unit.forms) if (postings.has(form)) candidates.add(form);
      return candidates;
    }
    for (const form of unit.forms) {
      for (let at = lowerBound(keys, form); at < keys.length; at += 1) {
        if (!keys[at]!.startsWith(form)) break;
        candidates.add(keys[at]!);
      }
    }
    const typos = typosAllowed(unit.literal);
    if (typos > 0) {
      const letters = letterBits(unit.literal);
      for (
        let length = unit.literal.length - typos;
        length <= unit.literal.length + typos;
        length++
      ) {
        for (const candidate of byLength.get(length) ?? []) {
          if (
            bitCount(candidate.letters ^ letters) <= 2 * typos &&
            unitMatchesKey(unit, candidate.key)
          )
            candidates.add(candidate.key);
        }
      }
    }
    return candidates;
  }

  /** Calls `found` with each part whose text holds `literal` as typed. */
  function inTexts(literal: string, found: (position: number) => void) {
    const { joined, starts } = textsJoined();
    for (let at = joined.indexOf(literal); at !== -1;) {
      const position = lowerBound(starts, at + 1) - 1;
      found(position);
      const next = starts[position + 1];
      if (next === undefined) break;
      at = joined.indexOf(literal, next);
    }
  }

  return {
    matching(q) {
      const units = searchUnits(q);
      if (units.length === 0) return undefined;
      // How many units, in order, each part has answered so far: a part that missed one stays behind.
      const answered = new Uint16Array(indexes.length);
      const all = units.length;
      const positions: number[] = [];
      units.forEach((unit, u) => {
        const mark = (position: number) => {
          if (answered[position] !== u) return;
          answered[position] = u + 1;
          if (u + 1 === all) positions.push(position);
        };
        for (const key of keysOf(unit)) for (const position of postings.get(key)!) mark(position);
        if (!unit.single) inTexts(unit.literal, mark);
      });
      return { has: (position) => answered[position] === all, positions };
    },
  };
}
