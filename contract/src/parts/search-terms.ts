/**
 * How the catalogue's search reads what people type (docs/decisions/057): case and accents do
 * not matter, British and American spellings and the names bike shops use for the same part are
 * one term ("tire" finds tyres, "seat" finds saddles, "bottle holder" finds bottle cages), and a
 * small typo in a longer word still matches ("chian" finds chains). Plain rules with no yup: the
 * API indexes each part with `searchIndex` when it builds its catalogue snapshot and searches them
 * all through `searchPostings` (search-postings.ts), which answers as `searchScorer` does.
 *
 * Each match is graded (docs/decisions/095): the word as typed (or its plural) is exact, the start
 * of a word or a typo is close, another name of the term or a related term is a synonym; and by
 * where it is found: the part's name, what it is (its category and specifications, each size's
 * too), or its description, which answers only a search that nothing else answers.
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

/**
 * Terms close enough to find each other, last (a search for "cog" also offers cassettes): looser
 * than SEARCH_SYNONYMS, so each is searched as itself and these are only extra forms of a word,
 * graded as synonyms. Folded, lower case; each term is one of a group of SEARCH_SYNONYMS or a word.
 */
export const RELATED_SEARCH_TERMS: readonly (readonly string[])[] = [
  ['cassette', 'cog', 'freewheel'],
  ['crankset', 'crank', 'chainring'],
  ['grips', 'bar tape'],
  ['lube', 'wax'],
  ['rotor', 'disc'],
];

/** Words that say nothing of a part ("bottle cage for a bike"), left out unless nothing else is typed. */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'for',
  'in',
  'of',
  'on',
  'the',
  'to',
  'with',
]);

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
  /** The keys of the terms related to a term, by its key (RELATED_SEARCH_TERMS). */
  related: ReadonlyMap<string, readonly string[]>;
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
  const termKey = (term: string) => {
    const termWords = searchWordsOf(term);
    if (termWords.length === 1) return words.get(termWords[0]!) ?? termWords[0]!;
    return (
      phrases.get(termWords[0]!)?.find((phrase) => phrase.words.join(' ') === termWords.join(' '))
        ?.key ?? termWords.join(' ')
    );
  };
  const related = new Map<string, string[]>();
  for (const group of RELATED_SEARCH_TERMS) {
    const keys = group.map(termKey);
    for (const key of keys)
      related.set(key, [...(related.get(key) ?? []), ...keys.filter((other) => other !== key)]);
  }
  lexicon = { words, phrases, related };
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
  /** Keys of related terms (RELATED_SEARCH_TERMS), which match as synonyms. */
  related: readonly string[];
  /** Whether it is one word (only words match by prefix or with a typo). */
  single: boolean;
}

/** The keys of the terms related to a term's key; a plural's are plural too. */
function relatedKeys(key: string): string[] {
  const { related } = getLexicon();
  const found = related.get(key);
  if (found) return [...found];
  if (key.endsWith('s')) return (related.get(key.slice(0, -1)) ?? []).map((other) => `${other}s`);
  return [];
}

/**
 * What a search text asks for: its words, a term of several words taken together; words such as
 * "for" and "with" are left out when other words are there.
 */
export function searchUnits(q: string | undefined): SearchUnit[] {
  const typed = searchWordsOf(q ?? '');
  const meaningful = typed.filter((word) => !STOP_WORDS.has(word));
  const words = meaningful.length > 0 ? meaningful : typed;
  const units: SearchUnit[] = [];
  for (let at = 0; at < words.length;) {
    const [phrase] = phrasesAt(words, at);
    if (phrase) {
      const literal = words.slice(at, at + phrase.words.length).join(' ');
      const forms = unique([literal, phrase.key]);
      units.push({
        literal,
        forms,
        related: without(relatedKeys(phrase.key), forms),
        single: false,
      });
      at += phrase.words.length;
    } else {
      const word = words[at]!;
      const key = wordKey(word);
      const forms = key ? unique([word, key]) : [word];
      units.push({
        literal: word,
        forms,
        related: without(relatedKeys(key ?? word), forms),
        single: true,
      });
      at += 1;
    }
  }
  return units;
}

const without = (values: string[], left: readonly string[]): string[] =>
  unique(values.filter((value) => !left.includes(value)));

const unique = (values: string[]): string[] => [...new Set(values)];

/**
 * Where a word of a part is found, the better first: its name (0), what it is, its category and
 * specifications (1), its description (2), which answers only a search nothing else answers.
 */
export type SearchField = 0 | 1 | 2;
export const NAME_FIELD: SearchField = 0;
export const ATTRIBUTE_FIELD: SearchField = 1;
export const DESCRIPTION_FIELD: SearchField = 2;

/** A part's texts by field, as searchIndex takes them. */
export interface SearchTexts {
  name: readonly string[];
  attributes?: readonly string[];
  description?: readonly string[];
}

/** A part's text prepared once for searching (when the catalogue snapshot is built). */
export interface SearchIndex {
  /**
   * The texts folded, their words joined by single spaces, one text a line (for terms of several
   * words): the name's first, then the attributes', then the description's.
   */
  text: string;
  /** Where the name's and the attributes' lines end in `text` (for where a term was found). */
  fieldEnds: readonly [number, number];
  /** Its words, and the key of every term in it, once each. */
  keys: readonly string[];
  /** The best field each key is found in, by its place in `keys`. */
  fields: readonly SearchField[];
}

/** Indexes the texts a part is found by, by field (searchPartTexts says which for a part). */
export function searchIndex(texts: SearchTexts): SearchIndex {
  const keys = new Map<string, SearchField>();
  const add = (key: string, field: SearchField) => {
    if (!keys.has(key)) keys.set(key, field);
  };
  const linesOf = (field: SearchField, fieldTexts: readonly string[] = []) =>
    fieldTexts.map((text) => {
      const words = searchWordsOf(text);
      for (let at = 0; at < words.length; at++) {
        const word = words[at]!;
        add(word, field);
        const key = wordKey(word);
        if (key) add(key, field);
        if (getLexicon().phrases.has(word))
          for (const phrase of phrasesAt(words, at)) add(phrase.key, field);
      }
      return words.join(' ');
    });
  const name = linesOf(NAME_FIELD, texts.name).join('\n');
  const attributes = linesOf(ATTRIBUTE_FIELD, texts.attributes).join('\n');
  const description = linesOf(DESCRIPTION_FIELD, texts.description).join('\n');
  return {
    text: [name, attributes, description].join('\n'),
    fieldEnds: [name.length, name.length + 1 + attributes.length],
    keys: [...keys.keys()],
    fields: [...keys.values()],
  };
}

/** The field of the line of `index.text` at `offset`. */
export const fieldAt = (index: SearchIndex, offset: number): SearchField =>
  offset <= index.fieldEnds[0]
    ? NAME_FIELD
    : offset <= index.fieldEnds[1]
      ? ATTRIBUTE_FIELD
      : DESCRIPTION_FIELD;

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

/** How well a key answers a unit: the word as typed, close to it, or another name for it. */
export type MatchKind = 0 | 1 | 2;
export const EXACT_MATCH: MatchKind = 0;
export const CLOSE_MATCH: MatchKind = 1;
export const SYNONYM_MATCH: MatchKind = 2;

/** Whether `key` begins with `form`, where a form of digits only must not run on into more digits ("11" is not "110"). */
function beginsWith(key: string, form: string): boolean {
  if (!key.startsWith(form)) return false;
  if (key.length === form.length || !/^\p{N}+$/u.test(form)) return true;
  return !/\p{N}/u.test(key[form.length]!);
}

/**
 * How a key of a part answers a unit, or undefined: for a word, the word itself or its plural
 * (exact); the start of a longer word, or within its typos (TYPO_1_LENGTH letters or more: close);
 * another name of its term or a related term, or the start of one (synonym). A term of several
 * words answers only as itself or its other names.
 */
export function unitKeyMatch(unit: SearchUnit, key: string): MatchKind | undefined {
  if (!unit.single) {
    if (key === unit.literal) return EXACT_MATCH;
    if (unit.forms.includes(key)) return SYNONYM_MATCH;
    return unit.related.includes(key) ? SYNONYM_MATCH : undefined;
  }
  const word = unit.literal;
  if (sameWord(key, word)) return EXACT_MATCH;
  if (beginsWith(key, word)) return CLOSE_MATCH;
  const typos = typosAllowed(word);
  if (typos > 0 && withinEdits(word, key, typos)) return CLOSE_MATCH;
  for (const form of [...unit.forms, ...unit.related])
    if (form !== word && (sameWord(key, form) || beginsWith(key, form))) return SYNONYM_MATCH;
  return undefined;
}

/** Whether two words are one, or one is the other's plural ("tyres" and "tyre"). */
const sameWord = (a: string, b: string): boolean => a === b || a === `${b}s` || `${a}s` === b;

/** Whether a key of a part answers a unit at all (unitKeyMatch). */
export const unitMatchesKey = (unit: SearchUnit, key: string): boolean =>
  unitKeyMatch(unit, key) !== undefined;

/** How well one unit is answered: the match's kind first, then the field it is in (0 is best). */
export const matchQuality = (kind: MatchKind, field: SearchField): number => kind * 3 + field;
/** No match: above every quality. */
export const NO_MATCH = 255;
const kindOfQuality = (quality: number): number => Math.floor(quality / 3);

/**
 * A part's relevance to a search from each unit's best quality, lower first: parts where every
 * word is exact come first, then those with a close match, then those with a synonym; within
 * those, matches in names before attributes before descriptions.
 */
export function relevanceScore(qualities: ArrayLike<number>): number {
  let worstKind = 0;
  let sum = 0;
  for (let u = 0; u < qualities.length; u += 1) {
    const quality = qualities[u]!;
    worstKind = Math.max(worstKind, kindOfQuality(quality));
    sum += quality;
  }
  return worstKind * 10_000 + sum;
}

/**
 * How a part answers a search: `strong` its relevance when every unit is found in its name or
 * attributes, `any` when every unit is found anywhere (its description too); undefined when not.
 * A catalogue answers with the parts that answer strongly, or when none does with those that
 * answer at all (searchPostings).
 */
export interface PartSearchScore {
  strong: number | undefined;
  any: number | undefined;
}

/** Each unit's best quality in a part, over its name and attributes (`strong`) and over every field. */
function unitQualities(unit: SearchUnit, index: SearchIndex): { strong: number; any: number } {
  let strong = NO_MATCH;
  let any = NO_MATCH;
  index.keys.forEach((key, k) => {
    const kind = unitKeyMatch(unit, key);
    if (kind === undefined) return;
    const field = index.fields[k]!;
    const quality = matchQuality(kind, field);
    any = Math.min(any, quality);
    if (field !== DESCRIPTION_FIELD) strong = Math.min(strong, quality);
  });
  if (!unit.single) {
    // The first place a term is typed in is its best field: the text runs from the name on.
    const at = index.text.indexOf(unit.literal);
    if (at !== -1) {
      const field = fieldAt(index, at);
      const quality = matchQuality(EXACT_MATCH, field);
      any = Math.min(any, quality);
      if (field !== DESCRIPTION_FIELD) strong = Math.min(strong, quality);
    }
  }
  return { strong, any };
}

/** A search text made ready to score parts with one by one (what searchPostings answers for many). */
export function searchScorer(q: string | undefined): (index: SearchIndex) => PartSearchScore {
  const units = searchUnits(q);
  return (index) => {
    if (units.length === 0) return { strong: 0, any: 0 };
    const qualities = units.map((unit) => unitQualities(unit, index));
    const strong = qualities.map((quality) => quality.strong);
    const any = qualities.map((quality) => quality.any);
    return {
      strong: strong.includes(NO_MATCH) ? undefined : relevanceScore(strong),
      any: any.includes(NO_MATCH) ? undefined : relevanceScore(any),
    };
  };
}

/** Whether a part's index answers a search text anywhere (every unit matches a field). */
export const matchesSearch = (index: SearchIndex, q: string | undefined): boolean =>
  searchScorer(q)(index).any !== undefined;
