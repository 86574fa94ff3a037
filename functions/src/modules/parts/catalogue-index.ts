/**
 * The catalogue snapshot's entries and what it prepares once for its queries (issue 25 item 9),
 * so that a search or a filter costs what it finds, not a pass over every part.
 */
import {
  isInStock,
  searchPostings,
  type CataloguePart,
  type CatalogueSort,
  type SearchHits,
  type SearchIndex,
  type SearchPostings,
} from '@sprocket/contract';
import { compareValues } from '../list-query.js';

export interface CatalogueEntry {
  part: CataloguePart;
  /**
   * Name, what it is (category, specifications, each size's) and description, indexed for search
   * once per snapshot (the contract's searchIndex of partSearchTexts: folded words and the key of
   * every term in them, by field).
   */
  search: SearchIndex;
  /** Milliseconds since the epoch, for sorting by newest. */
  createdAt: number;
}

type Compare = (a: CatalogueEntry, b: CatalogueEntry) => number;

/** Each sort; ties keep the catalogue's order (Array.prototype.sort is stable). */
const SORTS: Record<CatalogueSort, Compare | undefined> = {
  oldest: undefined,
  newest: (a, b) => b.createdAt - a.createdAt,
  price: (a, b) => a.part.price - b.part.price,
  '-price': (a, b) => b.part.price - a.part.price,
  name: (a, b) => compareValues(a.part.productName, b.part.productName),
  '-name': (a, b) => compareValues(b.part.productName, a.part.productName),
  // The best average first, the better-known of two equal ones first, the unrated last.
  rating: (a, b) =>
    (b.part.averageRating ?? -1) - (a.part.averageRating ?? -1) ||
    b.part.reviewCount - a.part.reviewCount,
};

/**
 * What a snapshot prepares once for its queries (issue 25 item 9): the search postings of every
 * part, the parts' positions in each sort's order (all of them, and each category's), each
 * part's rank in each order, and the figures the filters read, by position in arrays of their
 * own (walking 10,000 parts' objects in a price order took a millisecond a query, mostly waiting
 * on memory). Each is built on the first query that needs it; a query then walks one order, or
 * sorts its few search hits by rank, with no sort of its own.
 */
export interface CatalogueIndex {
  /**
   * The parts that answer a search text (undefined: every part); the postings keep the latest
   * searches' hits for the next page or sort, or the next letter typed.
   */
  hits(q: string): SearchHits | undefined;
  /** The search postings of every part (built on first use), for completions and Did you mean. */
  postings(): SearchPostings;
  /** The entries' positions in `sort`'s order, only those of `category` if given. */
  order(sort: CatalogueSort, category?: string): readonly number[];
  /** Each entry's place in `sort`'s order, by position. */
  rank(sort: CatalogueSort): Int32Array;
  /** Each entry's category, price and whether it is in stock, by position. */
  filterColumns(): FilterColumns;
  /**
   * The same index over `entries`, which differ from this index's only in the stock of the parts
   * at the positions `changed` (an order took or gave back stock): all it prepared is kept.
   */
  withStockChanged(entries: readonly CatalogueEntry[], changed: readonly number[]): CatalogueIndex;
}

/** What an index prepared that holds while no part's text or sort figures change. */
interface Prepared {
  postings?: SearchPostings;
  orders: Map<string, readonly number[]>;
  ranks: Map<CatalogueSort, Int32Array>;
}

interface FilterColumns {
  category: readonly string[];
  price: Float64Array;
  inStock: Uint8Array;
}

export function catalogueIndex(
  entries: readonly CatalogueEntry[],
  prepared: Prepared = { orders: new Map(), ranks: new Map() },
  columnsKept?: FilterColumns,
): CatalogueIndex {
  const { orders, ranks } = prepared;
  let columns = columnsKept;
  const index: CatalogueIndex = {
    hits: (q) => index.postings().matching(q),
    postings: () => (prepared.postings ??= searchPostings(entries.map((entry) => entry.search))),
    order(sort, category) {
      const key = category === undefined ? sort : `${sort} ${category}`;
      let order = orders.get(key);
      if (!order) {
        if (category !== undefined) {
          const categories = index.filterColumns().category;
          order = index.order(sort).filter((position) => categories[position] === category);
        } else {
          const positions = entries.map((_, position) => position);
          const compare = SORTS[sort];
          order = compare ? positions.sort((a, b) => compare(entries[a]!, entries[b]!)) : positions;
        }
        orders.set(key, order);
      }
      return order;
    },
    rank(sort) {
      let rank = ranks.get(sort);
      if (!rank) {
        const inOrder = index.order(sort);
        rank = new Int32Array(entries.length);
        inOrder.forEach((position, place) => (rank![position] = place));
        ranks.set(sort, rank);
      }
      return rank;
    },
    filterColumns: () =>
      (columns ??= {
        category: entries.map(({ part }) => part.category),
        price: Float64Array.from(entries, ({ part }) => part.price),
        inStock: Uint8Array.from(entries, ({ part }) => (isInStock(part) ? 1 : 0)),
      }),
    withStockChanged(changedEntries, changed) {
      let kept: FilterColumns | undefined;
      if (columns) {
        kept = { ...columns, inStock: columns.inStock.slice() };
        for (const position of changed)
          kept.inStock[position] = isInStock(changedEntries[position]!.part) ? 1 : 0;
      }
      return catalogueIndex(changedEntries, prepared, kept);
    },
  };
  return index;
}
