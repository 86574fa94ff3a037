/**
 * How the catalogue's search reads what people type (docs/decisions/057): case and accents do
 * not matter, British and American spellings and the names bike shops use for the same part are
 * one term ("tire" finds tyres, "seat" finds saddles, "bottle holder" finds bottle cages), and a
 * small typo in a longer word still matches ("chian" finds chains). Plain rules with no yup: the
 * API indexes each part with `searchIndex` when it builds its catalogue snapshot and searches them
 * all through `searchPostings` (search-postings.ts), which answers as `searchMatcher` does.
 */

/** Lower case, without accents or other marks, so "Pédale" is found by "pedale". */
export const foldSearchText = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The folded words of a text: runs of letters and digits ("Lock-On" is "lock", "on"). */
export const searchWordsOf = (text: string): string[] =>
  foldSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Terms that mean the same part, each group's first the one it is known by. A term is one word
 * or several; a single word also stands for its plural ("tires" is "tyres"). Folded, lower case.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  // Spellings
  ['tyre', 'tire'],
  ['colour', 'color'],
  ['aluminium', 'aluminum', 'alloy'],
  ['grey', 'gray'],
  ['centre', 'center'],
  ['metre', 'meter'],
  ['kilometre', 'kilometer'],
  ['litre', 'liter'],
  ['fibre', 'fiber'],
  ['microfibre', 'microfiber'],
  ['disc', 'disk'],
  ['derailleur', 'derailer', 'mech', 'rear mech'],
  // What different shops call the same part
  ['saddle', 'seat'],
  ['handlebar', 'bar'],
  ['cog', 'sprocket'],
  ['mudguard', 'fender'],
  ['bottle cage', 'bottle holder', 'bidon cage'],
  ['light', 'lamp'],
  ['spanner', 'wrench'],
  ['lube', 'lubricant', 'chain oil'],
  ['bicycle', 'bike', 'cycle'],
  ['pump', 'inflator'],
  ['rack', 'carrier', 'pannier rack'],
  ['crankset', 'chainset'],
  ['chainring', 'chain ring', 'chainwheel'],
  ['seatpost', 'seat post', 'seatpin'],
  ['bottom bracket', 'bb'],
  ['quick link', 'master link', 'missing link'],
  ['jockey wheel', 'pulley wheel'],
  ['shifter', 'gear lever'],
  ['hex key', 'allen key'],
  ['mtb', 'mountain bike'],
];

interface Phrase {
  words: readonly string[];
  key: string;
}

/** A term's key: what every term of its group is indexed and searched as. */
interface Lexicon {
  /** One-word terms, by word. */
  words: ReadonlyMap<string, string>;
  /** Terms of several words as their words, longest first, by their first word. */
  phrases: ReadonlyMap<string, readonly Phrase[]>;
}

let lexicon: Lexicon | undefined;

/** Built on first use: a process or page that never searches never builds it. */
function getLexicon(): Lexicon {
  if (lexicon) return lexicon;
  const words = new Map<string, string>();
  const phrases = new Map<string, Phrase[]>();
  for (const group of SEARCH_SYNONYMS) {
    const key = group[0]!;
    for (const term of group) {
      const termWords = searchWordsOf(term);
      if (termWords.length === 1) words.set(termWords[0]!, key);
      else
        phrases.set(termWords[0]!, [
          ...(phrases.get(termWords[0]!) ?? []),
          { words: termWords, key },
        ]);
    }
  }
  for (const starting of phrases.values()) starting.sort((a, b) => b.words.length - a.words.length);
  lexicon = { words, phrases };
  return lexicon;
}

/** The key of a one-word term, its plural's for a plural ("lamps" is "lights"), or undefined. */
function wordKey(word: string): string | undefined {
  const { words } = getLexicon();
  const key = words.get(word);
  if (key !== undefined) return key;
  if (word.length > 3 && word.endsWith('s')) {
    const singular = words.get(word.slice(0, -1));
    if (singular !== undefined) return `${singular}s`;
  }
  return undefined;
}

/** The terms of several words that begin at `words[at]`, longest first. */
const phrasesAt = (words: readonly string[], at: number): Phrase[] =>
  (getLexicon().phrases.get(words[at]!) ?? []).filter((phrase) =>
    phraseAt(words, at, phrase.words),
  );

/** Whether `words` from `at` on are the phrase, its last word perhaps plural. */
function phraseAt(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((word, i) => {
    const found = words[at + i];
    return found === word || (i === phrase.length - 1 && found === `${word}s`);
  });
}

/**
 * One thing the searcher asked for: a word, or a term of several words. All of them must match.
 * `literal` is what was typed, folded; `forms` the keys it is searched as (itself and its term's).
 */
export interface SearchUnit {
  literal: string;
  forms: readonly string[];
  /** Whether it is one word (only words match by prefix or with a typo). */
  single: boolean;
}

/** What a search text asks for: its words, a term of several words taken together. */
export function searchUnits(q: string | undefined): SearchUnit[] {
  const words = searchWordsOf(q ?? '');
  const units: SearchUnit[] = [];
  for (let at = 0; at < words.length;) {
    const [phrase] = phrasesAt(words, at);
    if (phrase) {
      const literal = words.slice(at, at + phrase.words.length).join(' ');
      units.push({ literal, forms: unique([literal, phrase.key]), single: false });
      at += phrase.words.length;
    } else {
      const word = words[at]!;
      const key = wordKey(word);
      units.push({ literal: word, forms: key ? unique([word, key]) : [word], single: true });
      at += 1;
    }
  }
  return units;
}

const unique = (values: string[]): string[] => [...new Set(values)];

/** A part's text prepared once for searching (when the catalogue snapshot is built). */
export interface SearchIndex {
  /** The texts folded, their words joined by single spaces, one text a line (for terms of several words). */
  text: string;
  /** Its words, and the key of every term in it, once each. */
  keys: readonly string[];
}

/** Indexes the texts a part is found by (its name, description, category label). */
export function searchIndex(...texts: string[]): SearchIndex {
  const keys = new Set<string>();
  const lines = texts.map((text) => {
    const words = searchWordsOf(text);
    for (let at = 0; at < words.length; at++) {
      const word = words[at]!;
      keys.add(word);
      const key = wordKey(word);
      if (key) keys.add(key);
      if (getLexicon().phrases.has(word))
        for (const phrase of phrasesAt(words, at)) keys.add(phrase.key);
    }
    return words.join(' ');
  });
  return { text: lines.join('\n'), keys: [...keys] };
}

/** Words this long or longer match with one typo; TYPO_2_LENGTH and longer with two. */
export const TYPO_1_LENGTH = 5;
export const TYPO_2_LENGTH = 8;

/** The typos a word of this many letters is forgiven (0 for short words and words with digits). */
export function typosAllowed(word: string): number {
  if (!/^\p{L}+$/u.test(word)) return 0;
  if (word.length >= TYPO_2_LENGTH) return 2;
  return word.length >= TYPO_1_LENGTH ? 1 : 0;
}

/**
 * Whether `a` becomes `b` with at most `max` edits: a letter added, dropped, changed, or two
 * neighbours swapped ("chian" is one edit from "chain"; optimal string alignment distance).
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  if (max === 0) return false;
  // Three rows of the distance table: two back (for swaps), the last and this one.
  let before = new Array<number>(b.length + 1).fill(0);
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
      if (d < smallest) smallest = d;
    }
    if (smallest > max) return false;
    [before, last, row] = [last, row, before];
  }
  return last[b.length]! <= max;
}

/**
 * Whether a key of a part answers a unit: one of its forms is the key, or begins it when the unit
 * is a word ("pad" and "pads", "tire" and "tyres"); or the word as typed is within its typos of
 * the key (TYPO_1_LENGTH letters or more; a term's other names are not searched with typos).
 */
export function unitMatchesKey(unit: SearchUnit, key: string): boolean {
  if (!unit.single) return unit.forms.includes(key);
  if (unit.forms.some((form) => key.startsWith(form))) return true;
  const typos = typosAllowed(unit.literal);
  return typos > 0 && withinEdits(unit.literal, key, typos);
}

/** A search text made ready to test parts with: every unit must match one of the part's keys (a term of several words may also be in its text as typed). */
export function searchMatcher(q: string | undefined): (index: SearchIndex) => boolean {
  const units = searchUnits(q);
  if (units.length === 0) return () => true;
  const tests = units.map(
    (unit) => (index: SearchIndex) =>
      index.keys.some((key) => unitMatchesKey(unit, key)) ||
      (!unit.single && index.text.includes(unit.literal)),
  );
  return (index) => tests.every((test) => test(index));
}

/** Whether a part's index answers a search text (every unit matches). */
export const matchesSearch = (index: SearchIndex, q: string | undefined): boolean =>
  searchMatcher(q)(index);
