import { describe, expect, it } from 'vitest';
import { partEditSchema, partSchema, productFormSchema } from '../schemas/part.js';
import { reviewEditSchema, reviewRemovalSchema } from '../schemas/review.js';
import { ordersListQuerySchema, usersListQuerySchema } from './admin-lists.js';
import { catalogueQuerySchema } from './catalogue-query-schema.js';
import { catalogueSearch } from './catalogue.js';
import { apiPaths } from './paths.js';

const errorsOf = (fn: () => unknown): string[] => {
  try {
    fn();
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

const part = {
  productName: 'Chain',
  img: '/parts/chain.svg',
  order: 1,
  quantity: 5,
  price: 1250,
  description: 'A chain.',
};

describe('numbers written as text', () => {
  it.each(['1e3', '0x10', '1_000', '+5', 'Infinity', '12 0'])(
    'refuses %j as a price, a quantity or a minimum order',
    (text) => {
      for (const field of ['price', 'quantity', 'order']) {
        expect(partSchema.isValidSync({ ...part, [field]: text }), field).toBe(false);
      }
    },
  );

  it('reads plain digits, with spaces around them, as a form types them', () => {
    expect(partSchema.validateSync({ ...part, price: ' 1250 ', quantity: '7' })).toMatchObject({
      price: 1250,
      quantity: 7,
    });
    expect(
      productFormSchema.isValidSync({ ...part, order: '2', quantity: '10', price: '12.50' }),
    ).toBe(true);
    expect(errorsOf(() => partSchema.validateSync({ ...part, order: '1e0' }))).toEqual([
      'Min order must be a plain number, like 12',
    ]);
  });
});

describe('part categories', () => {
  it('takes a category id, and none from a client of the original API', () => {
    expect(partSchema.validateSync({ ...part, category: 'brakes' }).category).toBe('brakes');
    expect(partSchema.validateSync(part).category).toBeUndefined();
    // Whether the shop has it is the server's check, against the stored ones (decision 108).
    expect(partSchema.validateSync({ ...part, category: 'bells' }).category).toBe('bells');
    expect(errorsOf(() => partSchema.validateSync({ ...part, category: 'Bells!' }))).toEqual([
      'Pick one of the categories',
    ]);
  });
});

describe('part edit schema', () => {
  it('takes any of the editable fields with the Add Product rules, and not stock', () => {
    expect(partEditSchema.validateSync({ price: 999 })).toEqual({ price: 999 });
    expect(
      partEditSchema.validateSync({ quantity: 5, description: 'New' }, { stripUnknown: true }),
    ).toEqual({
      description: 'New',
    });
    expect(errorsOf(() => partEditSchema.validateSync({ price: '1e3' }))).toEqual([
      'Price must be a plain number, like 12',
    ]);
    expect(errorsOf(() => partEditSchema.validateSync({ productName: ' ' }))).toEqual([
      'Product name is required',
    ]);
    expect(errorsOf(() => partEditSchema.validateSync({}))).toEqual(['Change at least one field']);
  });
});

describe('review edit and removal schemas', () => {
  it('edits the text, the rating or both; removal needs a reason', () => {
    expect(reviewEditSchema.isValidSync({ rating: 3 })).toBe(true);
    expect(reviewEditSchema.isValidSync({ review: 'Better after a week.' })).toBe(true);
    expect(reviewEditSchema.isValidSync({ rating: 6 })).toBe(false);
    expect(reviewEditSchema.isValidSync({})).toBe(false);
    expect(reviewRemovalSchema.isValidSync({ reason: ' ' })).toBe(false);
    expect(reviewRemovalSchema.isValidSync({ reason: 'Spam' })).toBe(true);
  });
});

describe('catalogue query', () => {
  it('reads a query string as the API receives it', () => {
    expect(
      catalogueQuerySchema.validateSync({
        q: ' chain ',
        category: 'drivetrain',
        minPrice: '1000',
        maxPrice: '5000',
        inStock: 'true',
        sort: '-price',
        page: '2',
        pageSize: '12',
      }),
    ).toEqual({
      q: 'chain',
      category: 'drivetrain',
      minPrice: 1000,
      maxPrice: 5000,
      inStock: true,
      sort: '-price',
      page: 2,
      pageSize: 12,
    });
  });

  it.each([
    [{ category: 'Bells and whistles' }, 'Pick one of the categories'],
    [{ sort: 'cheapest' }, 'Sort by one of: oldest, newest, price, -price, name, -name, rating'],
    [{ minPrice: '1e3' }, 'Minimum price must be a plain number, like 12'],
    [{ maxPrice: '-1' }, 'Maximum price must be at least 0'],
    [{ minPrice: '500', maxPrice: '100' }, 'The maximum price must not be below the minimum'],
    [{ inStock: 'yes' }, 'inStock must be true or false'],
    [{ page: '0' }, 'Page must be at least 1'],
    [{ pageSize: '101' }, 'Page size must be at most 100'],
    [{ q: 'x'.repeat(101) }, 'Search text must be at most 100 characters'],
  ])('refuses %j', (query, message) => {
    expect(errorsOf(() => catalogueQuerySchema.validateSync(query))).toEqual([message]);
  });

  it('writes one query string per query, leaving out what is not asked', () => {
    expect(catalogueSearch({})).toBe('');
    expect(catalogueSearch({ q: '', sort: undefined })).toBe('');
    expect(
      catalogueSearch({ pageSize: 12, q: 'disc pads', inStock: true, category: 'brakes' }),
    ).toBe('?q=disc%20pads&category=brakes&inStock=true&pageSize=12');
    expect(apiPaths.partsMatching({ sort: 'rating' })).toBe('/parts?sort=rating');
  });
});

describe('admin list queries', () => {
  it('filter orders by status and sort them by a column either way', () => {
    expect(
      ordersListQuerySchema.validateSync({ status: 'paid', sort: '-totalPrice', page: '1' }),
    ).toEqual({ status: 'paid', sort: '-totalPrice', page: 1 });
    expect(ordersListQuerySchema.isValidSync({ status: 'lost' })).toBe(false);
    expect(ordersListQuerySchema.isValidSync({ sort: 'price' })).toBe(false);
    expect(usersListQuerySchema.validateSync({ role: 'admin', sort: 'email' })).toEqual({
      role: 'admin',
      sort: 'email',
    });
    expect(usersListQuerySchema.isValidSync({ role: 'owner' })).toBe(false);
  });
});
