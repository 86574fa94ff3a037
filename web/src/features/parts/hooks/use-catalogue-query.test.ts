import { catalogueSearch, DEFAULT_CATEGORIES, type CatalogueQuery } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, catalogueQueryFromSearch, isFiltered } from './use-catalogue-query.js';

const read = (search: string) =>
  catalogueQueryFromSearch(new URLSearchParams(search), DEFAULT_CATEGORIES);

describe('the All Parts address and the catalogue query', () => {
  it('reads back every query that catalogueSearch writes', () => {
    const queries: CatalogueQuery[] = [
      {},
      { q: 'chain tool' },
      { category: 'wheels-and-tyres', sort: '-price', page: 3 },
      { q: 'lámpara & co', minPrice: 1000, maxPrice: 25050, inStock: true, sort: 'rating' },
      { category: 'drivetrain', specs: { speeds: [11, 12], freehub: ['xd'] } },
      { specs: { wheelSize: ['27.5'], axle: ['boost-12x148'] }, page: 2 },
    ];
    for (const query of queries) expect(read(catalogueSearch(query))).toEqual(query);
  });

  it('leaves out what the API would refuse, so a hand-edited link still lists parts', () => {
    expect(
      read(
        '?category=unicycles&sort=cheapest&minPrice=1e3&maxPrice=-5&page=0&inStock=yes&pageSize=100',
      ),
    ).toEqual({});
    expect(read('?minPrice=5000&maxPrice=1000')).toEqual({ minPrice: 5000 });
    expect(read('?page=1&q=%20%20')).toEqual({});
    expect(read(`?q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('keeps only the spec filters the chosen category has, and counts each spec as a filter', () => {
    // Left in the form from the category before, or typed by hand.
    expect(read('?category=brakes&spec.speeds=12&spec.brakeMount=post-mount')).toEqual({
      category: 'brakes',
      specs: { brakeMount: ['post-mount'] },
    });
    expect(read('?spec.speeds=14&spec.colour=red&spec.wheelSize=29')).toEqual({
      specs: { wheelSize: ['29'] },
    });
    expect(activeFilterCount(read('?spec.speeds=12&spec.speeds=11&spec.wheelSize=29'))).toBe(2);
  });

  it('reads the filters form as the browser sends it before the page is hydrated', () => {
    // Prices as typed in dollars, empty fields, and the default sort.
    expect(
      read('?q=chain&category=drivetrain&priceFrom=10&priceTo=25.50&inStock=true&sort=oldest'),
    ).toEqual({
      q: 'chain',
      category: 'drivetrain',
      minPrice: 1000,
      maxPrice: 2550,
      inStock: true,
      sort: 'oldest',
    });
    expect(read('?category=&priceFrom=&priceTo=ten')).toEqual({});
    // What the app writes wins over what was typed.
    expect(read('?minPrice=500&priceFrom=10')).toEqual({ minPrice: 500 });
  });

  it('counts the filters, not the search text or the sort', () => {
    const query = read('?q=pads&category=brakes&maxPrice=2000&inStock=true&sort=price');
    expect(activeFilterCount(query)).toBe(3);
    expect(isFiltered(query)).toBe(true);
    expect(isFiltered(read('?sort=name&page=2'))).toBe(false);
    expect(isFiltered(read('?q=pads'))).toBe(true);
  });
});
