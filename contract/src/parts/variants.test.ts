import { describe, expect, it } from 'vitest';
import { partSchema, partEditSchema, variantsFromForm } from '../schemas/part.js';
import { DEFAULT_CATEGORIES } from './categories.js';
import { checkoutSchema } from '../schemas/cart.js';
import {
  variantLabel,
  variantProblems,
  variantWith,
  lowestPrice,
  soldVariant,
  type PartVariant,
  SKU_MAX,
  SKU_PATTERN,
  suggestSku,
} from './variants.js';

const size = { name: 'Size', values: ['700x28c', '700x32c', '700x40c'] };
const tyre = {
  productName: 'Road tyre',
  img: '/parts/tyre.svg',
  order: 1,
  description: 'A tyre.',
  options: [size],
  variants: [
    { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: 4 },
    { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 0 },
  ],
};

const errorsOf = (schema: typeof partSchema | typeof partEditSchema, value: unknown) => {
  try {
    schema.validateSync(value, { abortEarly: false, stripUnknown: true });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('variantProblems', () => {
  it('accepts variants that each name a value of every option once', () => {
    expect(variantProblems(tyre.options, tyre.variants)).toEqual([]);
  });

  it('names a sku twice, a missing value, a value that does not exist and an unknown option', () => {
    expect(
      variantProblems(
        [size],
        [
          { sku: 'A', options: { Size: '700x28c' } },
          { sku: 'A', options: { Size: '700x32c' } },
          { sku: 'B', options: {} },
          { sku: 'C', options: { Size: '650b' } },
          { sku: 'D', options: { Size: '700x40c', Colour: 'Black' } },
        ],
      ),
    ).toEqual([
      'Each sku may appear once: A appears twice',
      'Variant B needs a Size',
      'Variant C: 650b is not one of the Size values',
      "Variant D names Colour, which is not one of the part's options",
    ]);
  });

  it('refuses two variants of one combination, and options without variants', () => {
    expect(
      variantProblems(
        [size],
        [
          { sku: 'A', options: { Size: '700x28c' } },
          { sku: 'B', options: { Size: '700x28c' } },
        ],
      ),
    ).toEqual(['Variants A and B are the same combination of options']);
    expect(variantProblems([size], [])).toEqual(['A part with options needs at least one variant']);
  });
});

describe('the part schemas with variants', () => {
  it('takes a part with variants without its own price and stock', () => {
    expect(errorsOf(partSchema, tyre)).toEqual([]);
  });

  it('still needs price and stock of a part without variants', () => {
    const { options: _o, variants: _v, ...plain } = tyre;
    expect(errorsOf(partSchema, plain)).toEqual(['Price is required', 'Quantity is required']);
  });

  it('checks the variants with the same rules on POST and PATCH', () => {
    const twice = {
      ...tyre,
      variants: [tyre.variants[0], { ...tyre.variants[1], sku: 'TYRE-28' }],
    };
    expect(errorsOf(partSchema, twice)).toContain(
      'Each sku may appear once: TYRE-28 appears twice',
    );
    expect(
      errorsOf(partEditSchema, { options: twice.options, variants: twice.variants }),
    ).toContain('Each sku may appear once: TYRE-28 appears twice');
  });

  it("lets PATCH leave out a variant's stock", () => {
    const variants = tyre.variants.map(({ quantity: _q, ...variant }) => variant);
    expect(errorsOf(partEditSchema, { options: tyre.options, variants })).toEqual([]);
  });

  it('refuses a sku with spaces', () => {
    const bad = { ...tyre, variants: [{ ...tyre.variants[0], sku: 'TYRE 28' }] };
    expect(errorsOf(partSchema, bad)).toContain('A sku has only letters, digits, . _ and -');
  });

  it("keeps a minimum order within the variants' stock together", () => {
    expect(errorsOf(partSchema, { ...tyre, order: 5 })).toEqual([
      'Min order must be at most the stock (4)',
    ]);
  });

  it('lets checkout lines carry a sku, each part and sku once', () => {
    const body = {
      address: '1 Road',
      number: '0123456789',
      items: [
        { partId: 'p1', quantity: 1, sku: 'TYRE-28' },
        { partId: 'p1', quantity: 1, sku: 'TYRE-32' },
      ],
    };
    expect(checkoutSchema.validateSync(body).items[1]?.sku).toBe('TYRE-32');
    expect(() =>
      checkoutSchema.validateSync({ ...body, items: [body.items[0], body.items[0]] }),
    ).toThrow('Each part (and variant) may appear once');
  });
});

describe("the picker's helpers", () => {
  const variants: PartVariant[] = tyre.variants;
  it('finds the variant of the values picked, its label and the lowest price', () => {
    expect(variantWith(variants, { Size: '700x32c' })?.sku).toBe('TYRE-32');
    expect(variantWith(variants, { Size: '700x40c' })).toBeUndefined();
    expect(variantLabel([size], variants[0]!)).toBe('700x28c');
    expect(lowestPrice(variants)).toBe(3999);
  });
});

describe('what a line sells (soldVariant)', () => {
  const chain = { productName: 'Chain 11s' };
  it('sells the part sold as one, and the variant of the sku for a part sold in variants', () => {
    expect(soldVariant(chain)).toEqual({ variant: undefined });
    expect(soldVariant({ ...chain, options: [], variants: [] })).toEqual({ variant: undefined });
    expect(soldVariant(tyre, 'TYRE-32')).toEqual({ variant: tyre.variants[1] });
  });

  it('says why not, in the words the API answers', () => {
    expect(soldVariant(chain, 'CHAIN-1')).toEqual({
      refusal: 'Chain 11s has no variants: leave the sku out',
    });
    expect(soldVariant(tyre)).toEqual({
      refusal: 'Choose the Size of Road tyre: send the sku of one of its variants',
    });
    expect(soldVariant(tyre, 'TYRE-99')).toEqual({ refusal: 'Road tyre has no variant TYRE-99' });
  });
});

describe("the product forms' options and variants", () => {
  const options = [{ name: 'Size', values: '700x28c, 700x32c' }];
  const rows = [
    { options: { Size: '700x28c' }, sku: 'TYRE-28', price: '39.99', quantity: '6' },
    { options: { Size: '700x32c' }, sku: 'TYRE-32', price: '42.99', quantity: '' },
  ];

  it('reads them as the API takes them, a stock left empty out where it may be', () => {
    // An edit's empty merchandising fields clear what the size had (decision 102).
    const none = { gtin: null, mpn: null, weight: null, compareAtPrice: null };
    expect(
      variantsFromForm({ options, variantRows: rows }, 'USD', 'optional', DEFAULT_CATEGORIES),
    ).toEqual({
      input: {
        options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
        variants: [
          {
            sku: 'TYRE-28',
            options: { Size: '700x28c' },
            price: 3999,
            quantity: 6,
            specs: {},
            ...none,
          },
          { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, specs: {}, ...none },
        ],
      },
    });
  });

  it("reads each size's compare-at price, GTIN, MPN and weight, each refusal on its field", () => {
    const sale = [
      { ...rows[0]!, compareAtPrice: '45', gtin: '4006381 333931', mpn: 'T-28', weight: '310' },
      { ...rows[1]!, quantity: '2' },
    ];
    const read = variantsFromForm(
      { options, variantRows: sale },
      'USD',
      'required',
      DEFAULT_CATEGORIES,
    );
    if (!('input' in read)) throw new Error(`refused: ${JSON.stringify(read.errors)}`);
    expect(read.input.variants[0]).toMatchObject({
      compareAtPrice: 4500,
      gtin: '4006381333931',
      mpn: 'T-28',
      weight: 310,
    });
    const wrong = [{ ...sale[0]!, compareAtPrice: '39.99', gtin: '4006381333932' }, sale[1]!];
    expect(
      variantsFromForm({ options, variantRows: wrong }, 'USD', 'required', DEFAULT_CATEGORIES),
    ).toEqual({
      errors: {
        'variantRows.0.gtin':
          "This GTIN's last digit does not match: check the number on the barcode",
        'variantRows.0.compareAtPrice': 'The compare-at price must be higher than the price',
      },
    });
  });

  it("reads each size's specs with the part's rule, for the form's category (decision 088)", () => {
    const sized = [
      { ...rows[0]!, specs: { wheelSize: '700c', tyreWidth: '28' } },
      { ...rows[1]!, quantity: '2', specs: { wheelSize: '', tyreWidth: '32' } },
    ];
    const read = variantsFromForm(
      { options, variantRows: sized, category: 'wheels-and-tyres' },
      'USD',
      'required',
      DEFAULT_CATEGORIES,
    );
    if (!('input' in read)) throw new Error(`refused: ${JSON.stringify(read.errors)}`);
    expect(read.input.variants.map((variant) => variant.specs)).toEqual([
      { wheelSize: '700c', tyreWidth: 28 },
      { tyreWidth: 32 },
    ]);
    const wrong = [sized[0]!, { ...sized[1]!, specs: { tyreWidth: '9' } }];
    expect(
      variantsFromForm(
        { options, variantRows: wrong, category: 'wheels-and-tyres' },
        'USD',
        'required',
        DEFAULT_CATEGORIES,
      ),
    ).toEqual({
      errors: { 'variantRows.1.specs.tyreWidth': 'Tyre width is a whole number from 18 to 130' },
    });
    // Fields of a category picked before are not sent, as the part's own specs' are not.
    const brakes = variantsFromForm(
      { options, variantRows: sized, category: 'brakes' },
      'USD',
      'required',
      DEFAULT_CATEGORIES,
    );
    if (!('input' in brakes)) throw new Error(`refused: ${JSON.stringify(brakes.errors)}`);
    expect(brakes.input.variants.map((variant) => variant.specs)).toEqual([{}, {}]);
  });

  it('puts each refusal on its field: a price, a stock, a sku twice', () => {
    const wrong = [
      { ...rows[0]!, price: '39.999' },
      { ...rows[1]!, sku: 'TYRE-28' },
    ];
    expect(
      variantsFromForm({ options, variantRows: wrong }, 'USD', 'required', DEFAULT_CATEGORIES),
    ).toEqual({
      errors: { 'variantRows.0.price': 'Type a price like 12.50' },
    });
    const twice = [rows[0]!, { ...rows[1]!, sku: 'TYRE-28', quantity: '4' }];
    expect(
      variantsFromForm({ options, variantRows: twice }, 'USD', 'required', DEFAULT_CATEGORIES),
    ).toEqual({
      errors: { variantRows: 'Each sku may appear once: TYRE-28 appears twice' },
    });
    expect(
      variantsFromForm({ options, variantRows: rows }, 'USD', 'required', DEFAULT_CATEGORIES),
    ).toEqual({
      errors: { 'variantRows.1.quantity': 'Quantity is required' },
    });
  });
});

describe('the sku the forms suggest', () => {
  it('is the part’s first words and the variant’s values, in capitals, a valid sku', () => {
    expect(suggestSku('Gravel tyre', ['650bx47'])).toBe('GRAVEL-TYRE-650BX47');
    expect(suggestSku('Pédale plate “Trail” 2.0', ['Black', 'Large'])).toBe(
      'PEDALE-PLATE-TRAIL-BLACK-LARGE',
    );
    const long = suggestSku('A'.repeat(80), ['x'.repeat(70)]);
    expect(long.length).toBeLessThanOrEqual(SKU_MAX);
    expect(long).toMatch(SKU_PATTERN);
  });

  it('is numbered when the part has it already', () => {
    expect(suggestSku('Chain', ['11s'], new Set(['CHAIN-11S']))).toBe('CHAIN-11S-2');
    expect(suggestSku('Chain', ['11s'], new Set(['CHAIN-11S', 'CHAIN-11S-2']))).toBe('CHAIN-11S-3');
  });
});
