import { describe, expect, it } from 'vitest';
import { partSearchTexts } from './part-search.js';
import {
  CLOSE_MATCH,
  EXACT_MATCH,
  foldSearchText,
  matchesSearch,
  searchIndex,
  searchScorer,
  searchUnits,
  searchWordsOf,
  SYNONYM_MATCH,
  typosAllowed,
  unitKeyMatch,
  withinEdits,
} from './search-terms.js';

const tyre = searchIndex({
  name: ['Gritline Allroad 700×32c Tubeless-Ready Tyre'],
  attributes: ['Wheels and tyres'],
  description: ['Fast-rolling file-tread centre with grippy shoulder knobs. Foldable aramid bead.'],
});
const chain = searchIndex({
  name: ['Velotrack CX12 12-Speed Chain'],
  attributes: ['Drivetrain'],
  description: ['Hollow-pin 12-speed chain with nickel-plated plates and a reusable quick link.'],
});
const saddle = searchIndex({
  name: ['Perch Contour Comfort Saddle'],
  attributes: ['Saddles'],
  description: ['Saddle with a microfibre cover and chromoly rails for any seatpost clamp.'],
});
const pump = searchIndex({
  name: ['Pumpwright Pocket Mini Pump'],
  attributes: ['Accessories'],
  description: ['Alloy mini pump with a bottle-cage mount bracket.'],
});
const derailleur = searchIndex({
  name: ['Velotrack RD-11 Clutch Rear Derailleur'],
  attributes: ['Drivetrain'],
  description: ['Long-cage rear derailleur that keeps the chain quiet on the cogs.'],
});
const bar = searchIndex({
  name: ['Halden Compact Alloy Drop Bar 42 cm'],
  attributes: ['Cockpit'],
  description: ['42 cm wide centre-to-centre.'],
});
const parts = { tyre, chain, saddle, pump, derailleur, bar };

/** The parts (of the six above) that a search text finds. */
const found = (q: string) =>
  Object.entries(parts)
    .filter(([, index]) => matchesSearch(index, q))
    .map(([name]) => name);

describe('folding and words', () => {
  it('lower-cases and folds accents', () => {
    expect(foldSearchText('Pédale CÔTÉ Ørsted')).toBe('pedale cote ørsted');
  });

  it('splits at anything that is not a letter or a digit', () => {
    expect(searchWordsOf('Lock-On  Grips, 22.2 mm (700×32c)')).toEqual([
      'lock',
      'on',
      'grips',
      '22',
      '2',
      'mm',
      '700',
      '32c',
    ]);
  });
});

describe('searchUnits', () => {
  it('reads a spelling variant or another name as its term, and keeps what was typed', () => {
    expect(searchUnits('Tire')).toEqual([
      { literal: 'tire', forms: ['tire', 'tyre'], related: [], single: true },
    ]);
    expect(searchUnits('colors')[0]?.forms).toEqual(['colors', 'colours']);
    expect(searchUnits('gray')[0]?.forms).toEqual(['gray', 'grey']);
    expect(searchUnits('aluminum')[0]?.forms).toEqual(['aluminum', 'aluminium']);
    expect(searchUnits('center')[0]?.forms).toEqual(['center', 'centre']);
    expect(searchUnits('seat')[0]?.forms).toEqual(['seat', 'saddle']);
    expect(searchUnits('derailer')[0]?.forms).toEqual(['derailer', 'derailleur']);
    expect(searchUnits('fenders')[0]?.forms).toEqual(['fenders', 'mudguards']);
    expect(searchUnits('lamp')[0]?.forms).toEqual(['lamp', 'light']);
    expect(searchUnits('sprocket')[0]?.forms).toEqual(['sprocket', 'cog']);
    expect(searchUnits('chain')[0]?.forms).toEqual(['chain']);
  });

  it('takes a term of several words together', () => {
    expect(searchUnits('black Bottle Holder')).toEqual([
      { literal: 'black', forms: ['black'], related: [], single: true },
      {
        literal: 'bottle holder',
        forms: ['bottle holder', 'bottle cage'],
        related: [],
        single: false,
      },
    ]);
    expect(searchUnits('rear mech')).toEqual([
      { literal: 'rear mech', forms: ['rear mech', 'derailleur'], related: [], single: false },
    ]);
  });

  it('asks for nothing when there are no words', () => {
    expect(searchUnits('  -- ')).toEqual([]);
    expect(searchUnits(undefined)).toEqual([]);
  });
});

describe('edit distance', () => {
  it('counts an added, dropped or changed letter, and two neighbours swapped, as one edit', () => {
    expect(withinEdits('chian', 'chain', 1)).toBe(true);
    expect(withinEdits('chan', 'chain', 1)).toBe(true);
    expect(withinEdits('chainn', 'chain', 1)).toBe(true);
    expect(withinEdits('chaim', 'chain', 1)).toBe(true);
    expect(withinEdits('cheen', 'chain', 1)).toBe(false);
    expect(withinEdits('derailer', 'derailleur', 2)).toBe(true);
    expect(withinEdits('derailer', 'derailleur', 1)).toBe(false);
    expect(withinEdits('saddle', 'saddle', 0)).toBe(true);
  });

  it('forgives one typo from five letters, two from eight, none in short words or numbers', () => {
    expect(typosAllowed('pads')).toBe(0);
    expect(typosAllowed('chain')).toBe(1);
    expect(typosAllowed('cassette')).toBe(2);
    expect(typosAllowed('12speed')).toBe(0);
  });
});

describe('matching a part', () => {
  it('finds tyres by "tire", "tires" and "tyre", whatever the case', () => {
    expect(found('tire')).toEqual(['tyre']);
    expect(found('TIRES')).toEqual(['tyre']);
    expect(found('tyre')).toEqual(['tyre']);
  });

  it('forgives a small typo in a longer word', () => {
    expect(found('chian')).toEqual(['chain', 'derailleur']);
    expect(found('sadle')).toEqual(['saddle']);
    expect(found('deraileur')).toEqual(['derailleur']);
    expect(found('tubless')).toEqual(['tyre']);
  });

  it('matches a short word only as typed or as the start of a word', () => {
    expect(found('chai')).toEqual(['chain', 'derailleur']);
    expect(found('pup')).toEqual([]);
    expect(found('chin')).toEqual([]);
  });

  it("finds a part by a name other shops use, or by its category's name", () => {
    expect(found('seat')).toEqual(['saddle']);
    expect(found('bottle holder')).toEqual(['pump']);
    expect(found('aluminum')).toEqual(['pump', 'bar']);
    expect(found('handlebar')).toEqual(['bar']);
    expect(found('center')).toEqual(['tyre', 'bar']);
    expect(found('rear mech')).toEqual(['derailleur']);
    expect(found('sprockets')).toEqual(['derailleur']);
    expect(found('wheels')).toEqual(['tyre']);
    expect(found('microfiber')).toEqual(['saddle']);
  });

  it('matches whole words or their starts, not the middle of a word, and wants every word', () => {
    expect(found('lamp')).toEqual([]); // not the saddle's "clamp"
    expect(found('post')).toEqual([]); // not its "seatpost"…
    expect(found('seat post')).toEqual(['saddle']); // …which is found by its other name
    expect(found('12-speed')).toEqual(['chain']);
    expect(found('chain quick')).toEqual(['chain']);
    expect(found('chain saddle')).toEqual([]);
    expect(found('')).toEqual(Object.keys(parts));
  });
});

describe('grading a match (docs/decisions/095)', () => {
  const [tire] = searchUnits('tire');
  const [chain] = searchUnits('chain');
  const [cog] = searchUnits('cog');
  const [eleven] = searchUnits('11');

  it('calls the word as typed or its plural exact, its start or a typo close, another name a synonym', () => {
    expect(unitKeyMatch(chain!, 'chain')).toBe(EXACT_MATCH);
    expect(unitKeyMatch(chain!, 'chains')).toBe(EXACT_MATCH);
    expect(unitKeyMatch(chain!, 'chainring')).toBe(CLOSE_MATCH);
    expect(unitKeyMatch(chain!, 'chian')).toBe(CLOSE_MATCH);
    expect(unitKeyMatch(tire!, 'tyre')).toBe(SYNONYM_MATCH);
    expect(unitKeyMatch(tire!, 'tyres')).toBe(SYNONYM_MATCH);
    expect(unitKeyMatch(tire!, 'tube')).toBeUndefined();
  });

  it('finds related terms as synonyms: "cog" offers cassettes', () => {
    expect(cog!.related).toEqual(['cassette', 'freewheel']);
    expect(unitKeyMatch(cog!, 'cassette')).toBe(SYNONYM_MATCH);
    expect(searchUnits('cassettes')[0]?.related).toEqual(['cogs', 'freewheels']);
  });

  it('never runs a number on into more digits: "11" is not "110", but is "11t"', () => {
    expect(unitKeyMatch(eleven!, '11')).toBe(EXACT_MATCH);
    expect(unitKeyMatch(eleven!, '110')).toBeUndefined();
    expect(unitKeyMatch(eleven!, '11t')).toBe(CLOSE_MATCH);
  });

  it('leaves out words that say nothing of a part, unless nothing else is typed', () => {
    expect(searchUnits('cage for a bottle').map((unit) => unit.literal)).toEqual([
      'cage',
      'bottle',
    ]);
    expect(searchUnits('the').map((unit) => unit.literal)).toEqual(['the']);
  });
});

describe('where a part is found', () => {
  const shimanoCassette = searchIndex(
    partSearchTexts(
      {
        productName: 'Shimano 105 CS-R7000 Cassette 11-30T',
        description: 'Smooth shifting for road bikes.',
        category: 'drivetrain',
        specs: { speeds: 11, freehub: 'hg' },
      },
      'Drivetrain',
    ),
  );
  const hub = searchIndex(
    partSearchTexts(
      {
        productName: 'Rimrock CL Rear Disc Hub 28h',
        description: 'With an HG 11-speed freehub, for 700c tyres.',
        category: 'wheels-and-tyres',
        specs: { freehub: 'hg', brakeType: 'disc' },
      },
      'Wheels and tyres',
    ),
  );
  const tyre = searchIndex(
    partSearchTexts(
      {
        productName: 'Gritline Gravel Tyre',
        description: 'Sold in two sizes.',
        category: 'wheels-and-tyres',
        specs: {},
        options: [{ name: 'Size', values: ['700x32c', '650bx47'] }],
        variants: [
          { specs: { wheelSize: '700c' } },
          { specs: { wheelSize: '650b', tyreWidth: 47 } },
        ],
      },
      'Wheels and tyres',
    ),
  );

  it('reads specifications as words: "11 speed" finds a part whose specs say 11 speeds', () => {
    const scored = searchScorer('shimano 11 speed')(shimanoCassette);
    expect(scored.strong).toBeDefined();
    // Its name says Shimano; its specs say 11 speeds and a Shimano HG freehub.
    expect(searchScorer('11 speed')(hub).strong).toBeUndefined();
    expect(searchScorer('11 speed')(hub).any).toBeDefined();
  });

  it("reads each size's specifications and options: 650b and 47 mm find the tyre", () => {
    expect(searchScorer('650b')(tyre).strong).toBeDefined();
    expect(searchScorer('47 mm')(tyre).strong).toBeDefined();
    expect(searchScorer('650bx47')(tyre).strong).toBeDefined();
  });

  it('files Wheels and tyres under wheels: "tire" finds the tyre strongly, the hub only in its description', () => {
    expect(searchScorer('tire')(tyre).strong).toBeDefined();
    expect(searchScorer('tire')(hub).strong).toBeUndefined();
    expect(searchScorer('wheel')(hub).strong).toBeDefined();
  });

  it('ranks an exact word before a close one before a synonym, and a name before specs', () => {
    const scoreOf = (q: string, index: typeof tyre) => searchScorer(q)(index).strong!;
    expect(scoreOf('tyre', tyre)).toBeLessThan(scoreOf('tyr', tyre));
    expect(scoreOf('tyr', tyre)).toBeLessThan(scoreOf('tire', tyre));
    expect(scoreOf('shimano', shimanoCassette)).toBeLessThan(scoreOf('shimano', hub));
  });
});
