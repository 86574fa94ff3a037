/**
 * The catalogue in bulk (issue 23 item 7): the columns of the CSV files the admin exports and
 * imports, and what an import answers. Prices in the files are decimals in the shop's currency
 * (formatAmount); in the JSON answers, as everywhere in the API, minor units.
 */
/**
 * The parts file's columns, in the export's order: the API's field names (`id` for `_id`).
 * An import may leave columns out (each part keeps those fields) but has `id`.
 *
 * A part sold in sizes has a row of its own, then a row per size (issue 36 item 7, decision 109):
 * the size's `sku` and `options` (`Size: 700x28c`), its `price`, `quantity`, `specs` and
 * merchandising cells; the part's cells are left empty on them. The size rows under a part are its
 * sizes; a part without any keeps its own, unless its `options` cell is emptied too.
 */
export const PARTS_CSV_COLUMNS = [
  'id',
  'productName',
  'category',
  'price',
  'quantity',
  'order',
  'img',
  'description',
  // Merchandising (docs/decisions/102): empty when not given; the compare-at price as `price`.
  'brand',
  'gtin',
  'mpn',
  'weight',
  'compareAtPrice',
  // Lists in a cell (catalogue-csv-cells.ts): specs, pictures (one a line), the part's options.
  'specs',
  'pictures',
  'options',
  'sku',
] as const;
export type PartsCsvColumn = (typeof PARTS_CSV_COLUMNS)[number];

/** The orders file's columns: one row per order line (GET /admin/orders.csv). */
export const ORDERS_CSV_COLUMNS = [
  'orderId',
  'createdAt',
  'status',
  'email',
  'partId',
  'partName',
  'quantity',
  'unitPrice',
  'lineTotal',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'orderTotal',
  'currency',
] as const;

/** The most parts one file may carry: the import is one transaction. */
export const PARTS_IMPORT_MAX_ROWS = 500;
/**
 * The most lines a file may have: a part's row with room for line breaks in its description, and
 * blank lines. A file of more is refused before it is read, so a file of blank or junk lines gets
 * its answer at once (issue 33: 900,000 blank lines took 45 s to read).
 */
export const PARTS_IMPORT_MAX_LINES = PARTS_IMPORT_MAX_ROWS * 20;
/** The largest file the import reads (500 parts with long descriptions fit). */
export const PARTS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The Content-Types an import is sent as (a file picker's `.csv` file says one of these). */
export const CSV_CONTENT_TYPES = ['text/csv', 'application/csv'] as const;

/** What is wrong in a file: the row as a spreadsheet numbers it (the header is row 1). */
export interface CsvRowError {
  row: number;
  /** The column's name; none when the whole row is wrong (too many cells, a broken quote). */
  column?: string;
  message: string;
}

/** The fields an import compares and sets: a part's, as the API has them. */
export type ImportedField = Exclude<PartsCsvColumn, 'id' | 'sku'>;
export type FieldChange = { from: string | number; to: string | number };
/** The cells a size row sets. */
export type SizeField =
  'options' | 'price' | 'quantity' | 'specs' | 'gtin' | 'mpn' | 'weight' | 'compareAtPrice';
/**
 * A size a row adds, removes or changes (by its sku), with its cells' changes; when the rows only
 * put the sizes in another order, every size is `moved`, in the new order.
 */
export type SizeChange =
  | { sku: string; change: 'added' | 'removed' | 'moved' }
  | { sku: string; change: 'changed'; fields: Partial<Record<SizeField, FieldChange>> };

/** POST /admin/parts/import: what was (or, with `dryRun`, would be) done, row by row. */
export interface PartsImportSummary {
  dryRun: boolean;
  /** New parts; `id` is null in a dry run of a row without one (the store picks it). */
  added: { row: number; id: string | null; productName: string }[];
  /** Parts whose fields change; `price` from and to in minor units. */
  updated: {
    row: number;
    id: string;
    productName: string;
    changes: Partial<Record<ImportedField, FieldChange>>;
    /** Its sizes added, removed or changed, in the file's order; none when they stay. */
    sizes?: SizeChange[];
  }[];
  /** Rows that match their part as it is. */
  unchanged: number;
}

/** What the import's refusals say. */
export const csvMessages = {
  invalidFile: (count: number) =>
    `The file has ${count} ${count === 1 ? 'error' : 'errors'}; nothing was imported`,
  notUtf8: 'Save the file as CSV UTF-8',
  empty: 'The file is empty: it needs at least the header row',
  tooManyRows: `A file may carry at most ${PARTS_IMPORT_MAX_ROWS} parts`,
  tooManyLines: `A file may have at most ${PARTS_IMPORT_MAX_LINES.toLocaleString('en-US')} lines (${PARTS_IMPORT_MAX_ROWS} parts and their descriptions)`,
  tooLarge: `The file must be at most ${PARTS_IMPORT_MAX_BYTES / (1024 * 1024)} MB`,
  wrongType: 'Send the file as text/csv',
};
