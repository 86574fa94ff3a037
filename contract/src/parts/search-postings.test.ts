import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from './categories.js';
import { searchPostings } from './search-postings.js';
import { searchIndex, searchScorer, type SearchIndex } from './search-terms.js';

const BRANDS = ['Velotrack', 'Gritline', 'Perch', 'Pumpwright', 'Halden', 'Brightlane'];
const THINGS = [
  'Tubeless-Ready Tyre 700×32c',
  '12-Speed Chain with quick link',
  'Comfort Saddle',
  'Mini Pump, bottle-cage mount',
  'Clutch Rear Derailleur',
  'Alloy Drop Bar 42 cm',
  'Seat Post 27.2 mm',
  'Bottle Holder',
  'Chainring 34T',
  'Front Lamp 800 lm',
  'Mudguards',
  'Pédale Côté',
];
const WORDS = [
  'microfibre',
  'centre',
  'grippy',
  'aramid',
  'chromoly',
  'clamp',
  'cogs',
  'rear mech',
  'rear mechanism',
];

/** A catalogue of parts built from the lists above in every mix, the same on every run. */
const catalogue: SearchIndex[] = Array.from({ length: 240 }, (_, i) =>
  searchIndex({
    name: [`${BRANDS[i % BRANDS.length]} ${THINGS[(i * 7) % THINGS.length]} M${i}`],
    attributes: [DEFAULT_CATEGORIES[i % DEFAULT_CATEGORIES.length]!.name],
    description: [
      `${WORDS[i % WORDS.length]} and ${WORDS[(i * 5 + 2) % WORDS.length]}, part ${1000 + i}.`,
    ],
  }),
);

/** Other names, plurals, starts of words, typos, terms of several words, digits, nothing. */
const QUERIES = [
  'tire',
  'tyres',
  'chian',
  'velotrak',
  'veoltrack',
  'derailer',
  'rear mech',
  'mech',
  'bottle holder',
  'bottle cage',
  'bottle-cage mount',
  'seat',
  'seat post',
  'seatpost',
  'pup',
  'pump mini',
  'alloy 42',
  '42 cm',
  '700',
  '34t',
  'lamp',
  'light 800',
  'pedale cote',
  'microfiber',
  'centre grippy',
  'm1',
  'm12',
  'part 1003',
  'fenders',
  'wheels',
  'chain saddle',
  'cog',
  'grippy',
  'velotrack grippy',
  'chainring cogs',
  'zzzz',
  '   ',
  '',
];

describe('the catalogue searched through its postings', () => {
  const postings = searchPostings(catalogue);

  it.each(QUERIES)(
    'finds for %j exactly the parts the scorer finds one by one, ranked as it ranks them',
    (q) => {
      const scores = catalogue.map(searchScorer(q));
      // The parts found in their names and attributes, or if none is, those found anywhere.
      const strongly = scores.some((score) => score.strong !== undefined);
      const scoreOf = (position: number) =>
        strongly ? scores[position]!.strong : scores[position]!.any;
      const expected = catalogue.map((_, position) => scoreOf(position) !== undefined);
      const matching = postings.matching(q);
      const got = catalogue.map((_, position) => (matching ? matching.has(position) : true));
      expect(got).toEqual(expected);
      if (matching) {
        const found = catalogue.flatMap((_, position) => (expected[position] ? [position] : []));
        expect([...matching.positions].sort((a, b) => a - b)).toEqual(found);
        const ranked = [...found].sort((a, b) => scoreOf(a)! - scoreOf(b)! || a - b);
        expect(postings.matching(q)!.best(5)).toEqual(ranked.slice(0, 5));
        expect(matching.ranked()).toEqual(ranked);
      }
    },
  );

  it('completes the last word with the words of the parts the others find', () => {
    expect(postings.completions('velotrack gri', 3)).toEqual(['velotrack grippy']);
    expect(postings.completions('bot', 3)).toEqual(['bottle', 'bottle cage']);
    // A finished word, or one letter, is not completed.
    expect(postings.completions('bottle ', 3)).toEqual([]);
    expect(postings.completions('b', 3)).toEqual([]);
  });

  it.each(['velotrack gri', 'm12 pa', 'm1 pa', 'bot', 'chain ch', 'rear me', 'pump mini bo'])(
    'completes %j as counting every part the words before it find would',
    (q) => {
      // Counted one part at a time: each key starting with the last word, by how many of the
      // parts the words before it find have it (all the parts when it is the only word): those
      // found in their names and attributes, or if none is, those found anywhere.
      const words = q.split(' ');
      const last = words.pop()!;
      const scores = catalogue.map(searchScorer(words.join(' ')));
      const strongly = scores.some((score) => score.strong !== undefined);
      const found = catalogue.filter((_, position) => {
        const score = scores[position]!;
        return words.length === 0 || (strongly ? score.strong : score.any) !== undefined;
      });
      const keys = [...new Set(catalogue.flatMap((index) => index.keys))]
        .filter((key) => key.startsWith(last))
        .sort();
      const expected = keys
        .map((key) => ({ key, parts: found.filter((index) => index.keys.includes(key)).length }))
        .filter(({ parts }) => parts > 0)
        .sort((a, b) => b.parts - a.parts || (a.key < b.key ? -1 : 1))
        .slice(0, 3)
        .map(({ key }) => [...words, key].join(' '));
      expect(expected.length).toBeGreaterThan(0);
      expect(postings.completions(q, 3)).toEqual(expected);
    },
  );

  it('finds a search of known words for one that finds nothing', () => {
    expect(postings.didYouMean('velotrk')).toBe('velotrack');
    expect(postings.didYouMean('microfibre zzzzzz')).toBe('microfibre');
    expect(postings.didYouMean('velotrack')).toBeUndefined();
    expect(postings.didYouMean('qqqqqqqq')).toBeUndefined();
  });

  it('finds something for most searches, so the comparison is not of empty answers', () => {
    const answered = QUERIES.filter((q) => {
      const matching = postings.matching(q);
      return matching !== undefined && matching.positions.length > 0;
    });
    expect(answered.length).toBeGreaterThan(QUERIES.length - 6);
  });

  it('answers undefined for a search of nothing: every part answers', () => {
    expect(postings.matching('  ')).toBeUndefined();
    expect(postings.matching(undefined)).toBeUndefined();
  });
});
