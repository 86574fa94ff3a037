import { describe, expect, it } from 'vitest';
import { partCategoryLabels } from './part-rules.js';
import {
  foldSearchText,
  matchesSearch,
  searchIndex,
  searchUnits,
  searchWordsOf,
  typosAllowed,
  withinEdits,
} from './search-terms.js';

const tyre = searchIndex(
  'Gritline Allroad 700×32c Tubeless-Ready Tyre',
  'Fast-rolling file-tread centre with grippy shoulder knobs. Foldable aramid bead.',
  partCategoryLabels['wheels-and-tyres'],
);
const chain = searchIndex(
  'Velotrack CX12 12-Speed Chain',
  'Hollow-pin 12-speed chain with nickel-plated plates and a reusable quick link.',
  partCategoryLabels.drivetrain,
);
const saddle = searchIndex(
  'Perch Contour Comfort Saddle',
  'Saddle with a microfibre cover and chromoly rails for any seatpost clamp.',
  partCategoryLabels.saddles,
);
const pump = searchIndex(
  'Pumpwright Pocket Mini Pump',
  'Alloy mini pump with a bottle-cage mount bracket.',
  partCategoryLabels.accessories,
);
const derailleur = searchIndex(
  'Velotrack RD-11 Clutch Rear Derailleur',
  'Long-cage rear derailleur that keeps the chain quiet on the cogs.',
  partCategoryLabels.drivetrain,
);
const bar = searchIndex(
  'Halden Compact Alloy Drop Bar 42 cm',
  '42 cm wide centre-to-centre.',
  partCategoryLabels.cockpit,
);
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
      { literal: 'tire', forms: ['tire', 'tyre'], single: true },
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
      { literal: 'black', forms: ['black'], single: true },
      { literal: 'bottle holder', forms: ['bottle holder', 'bottle cage'], single: false },
    ]);
    expect(searchUnits('rear mech')).toEqual([
      { literal: 'rear mech', forms: ['rear mech', 'derailleur'], single: false },
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
