import { describe, expect, it } from 'vitest';
import { catalogueQuerySchema } from '../api/catalogue-query-schema.js';
import { catalogueQueryInput, catalogueSearch } from '../api/catalogue.js';
import { partEditSchema, partSchema } from '../schemas/part.js';
import { readVariantSpecs } from './variants.js';
import { categoryOf, DEFAULT_CATEGORIES } from './categories.js';
import {
  categorySpecs,
  filterSpecsFor,
  partMatchesSpecs,
  partSpecRows,
  readPartSpecs,
  sharedSpecs,
  SPEC_DEFINITIONS,
  specsMatch,
  specValueLabel,
  type PartSpecs,
} from './specs.js';

/** One of the shop's first categories, as stored. */
const category = (id: string) => categoryOf(DEFAULT_CATEGORIES, id)!;

/** A query string's parameters, each name's values, as Hono's `queries()` gives them. */
const paramsOf = (search: string): Record<string, string[]> => {
  const params: Record<string, string[]> = {};
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [name = '', value = ''] = pair.split('=').map(decodeURIComponent);
    (params[name] ??= []).push(value);
  }
  return params;
};

describe('the specs of each category', () => {
  it('are defined once per key, with labels and values, and the first categories use defined ones', () => {
    for (const first of DEFAULT_CATEGORIES)
      expect(categorySpecs(first).map((spec) => spec.key)).toEqual(first.specs);
    for (const spec of SPEC_DEFINITIONS.values()) {
      expect(spec.label).not.toBe('');
      if (spec.kind === 'choice') {
        const values = spec.choices.map((choice) => choice.value);
        expect(new Set(values).size, spec.key).toBe(values.length);
        // Ids go into URLs as they are: no spaces, commas (the list separator) or quotes.
        for (const value of values) expect(value, spec.key).toMatch(/^[a-z0-9.\-/]+$/);
      } else expect(spec.min).toBeLessThan(spec.max);
    }
    expect(filterSpecsFor(undefined).map((spec) => spec.key)).toEqual([
      'speeds',
      'wheelSize',
      'axle',
      'brakeMount',
    ]);
    expect(filterSpecsFor(category('accessories'))).toEqual([]);
  });

  it("reads a part's specs as stored, and says what does not fit", () => {
    expect(
      readPartSpecs({ speeds: '12', freehub: 'xd', bottomBracket: '' }, category('drivetrain')),
    ).toEqual({
      specs: { speeds: 12, freehub: 'xd' },
      problems: {},
    });
    expect(
      readPartSpecs({ speeds: 12.5, wheelSize: '700c' }, category('drivetrain')).problems,
    ).toEqual({
      speeds: 'Speeds is a whole number from 1 to 13',
      wheelSize: 'Drivetrain have these specifications: speeds, freehub, bottomBracket',
    });
    expect(specValueLabel(SPEC_DEFINITIONS.get('axle')!, 'boost-12x148')).toBe('Boost 12×148 mm');
    expect(specValueLabel(SPEC_DEFINITIONS.get('rotorSize')!, 160)).toBe('160 mm');
  });
});

describe("the API's part schemas", () => {
  const part = {
    productName: 'Chain',
    img: '/parts/chain.svg',
    order: 1,
    quantity: 3,
    price: 1000,
    description: 'A chain.',
    category: 'drivetrain',
  };
  const withShop = { context: { categories: DEFAULT_CATEGORIES } };

  it("check a part's specs against its category's, with the shop's categories", () => {
    expect(() =>
      partSchema.validateSync({ ...part, specs: { speeds: 11 } }, withShop),
    ).not.toThrow();
    expect(() =>
      partSchema.validateSync({ ...part, specs: { wheelSize: '26' } }, withShop),
    ).toThrow(/Drivetrain have these specifications/);
    expect(() =>
      partEditSchema.validateSync({ category: 'brakes', specs: { wheelSize: '26' } }, withShop),
    ).toThrow(/Brakes have these specifications/);
  });

  it('check keys the shop knows and the values they allow, without the categories', () => {
    expect(() => partEditSchema.validateSync({ specs: { wheelSize: '26' } })).not.toThrow();
    expect(() => partEditSchema.validateSync({ specs: { wheelSize: '28' } })).toThrow(
      'Wheel size is one of: 700c, 650b, 29, 27.5, 26',
    );
    expect(() => partSchema.validateSync({ ...part, specs: { gears: 11 } })).toThrow(
      'No part has a spec gears',
    );
  });
});

describe('spec filters in the catalogue query', () => {
  it('round-trip through the query string, in one spelling per query', () => {
    const query = catalogueQuerySchema.validateSync(
      catalogueQueryInput(
        paramsOf('spec.wheelSize=29&category=wheels-and-tyres&spec.axle=qr,boost-12x148'),
      ),
    );
    expect(query).toEqual({
      category: 'wheels-and-tyres',
      specs: { wheelSize: ['29'], axle: ['qr', 'boost-12x148'] },
    });
    const search = catalogueSearch(query);
    expect(search).toBe(
      '?category=wheels-and-tyres&spec.wheelSize=29&spec.axle=qr&spec.axle=boost-12x148',
    );
    expect(catalogueQuerySchema.validateSync(catalogueQueryInput(paramsOf(search)))).toEqual(query);
    expect(
      catalogueQuerySchema.validateSync(
        catalogueQueryInput(paramsOf('spec.speeds=12&spec.speeds=11')),
      ),
    ).toEqual({ specs: { speeds: [12, 11] } });
  });

  it("match a part with any of a key's values, and every key", () => {
    const specs = { speeds: 12, freehub: 'xd' };
    expect(specsMatch(specs, { speeds: [11, 12] })).toBe(true);
    expect(specsMatch(specs, { speeds: [12], freehub: ['hg'] })).toBe(false);
    expect(specsMatch({}, { speeds: [12] })).toBe(false);
  });
});

describe("each size's specs (decision 088)", () => {
  const tyre: {
    category: 'wheels-and-tyres';
    specs: PartSpecs;
    variants: { quantity: number; specs: PartSpecs }[];
  } = {
    category: 'wheels-and-tyres',
    specs: { valve: 'presta', wheelSize: '700c' },
    variants: [
      { quantity: 3, specs: { tyreWidth: 32 } },
      { quantity: 0, specs: { wheelSize: '650b', tyreWidth: 47 } },
    ],
  };

  it('find a part by one size that answers every filter, over the part’s own', () => {
    expect(partMatchesSpecs(tyre, { wheelSize: ['650b'] })).toBe(true);
    expect(partMatchesSpecs(tyre, { wheelSize: ['700c'], tyreWidth: [32] })).toBe(true);
    expect(partMatchesSpecs(tyre, { wheelSize: ['650b'], tyreWidth: [32] })).toBe(false);
    expect(partMatchesSpecs(tyre, { valve: ['presta'], tyreWidth: [47] })).toBe(true);
    // Only sizes in stock, when asked.
    expect(partMatchesSpecs(tyre, { wheelSize: ['650b'] }, (size) => size.quantity > 0)).toBe(
      false,
    );
  });

  it('show a size’s rows on the product page, and what all sizes share in the structured data', () => {
    expect(
      partSpecRows(tyre, category('wheels-and-tyres'), tyre.variants[1]).map((row) => [
        row.spec.key,
        row.text,
      ]),
    ).toEqual([
      ['wheelSize', '650b'],
      ['tyreWidth', '47 mm'],
      ['valve', 'Presta'],
    ]);
    expect(sharedSpecs(tyre)).toEqual({ valve: 'presta' });
  });

  it('are refused on the size, for its category, by the rule the server and the forms share', () => {
    const part = {
      productName: 'Tyre',
      img: '/parts/tyre.svg',
      order: 1,
      description: 'A tyre.',
      category: 'wheels-and-tyres',
      options: [{ name: 'Size', values: ['650bx47'] }],
      variants: [
        {
          sku: 'T-650',
          options: { Size: '650bx47' },
          price: 4000,
          quantity: 1,
          specs: { speeds: 11 },
        },
      ],
    };
    expect(readVariantSpecs(part.variants, category('wheels-and-tyres')).problems).toEqual({
      'variants[0].specs.speeds':
        'Wheels and tyres have these specifications: wheelSize, tyreWidth, axle, brakeType, rotorMount, freehub, valve',
    });
    const wrongValue = [{ ...part.variants[0]!, specs: { wheelSize: '650' } }];
    expect(readVariantSpecs(wrongValue, category('wheels-and-tyres')).problems).toEqual({
      'variants[0].specs.wheelSize': 'Wheel size is one of: 700c, 650b, 29, 27.5, 26',
    });
  });
});
