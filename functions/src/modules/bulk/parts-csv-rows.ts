/**
 * The catalogue CSV's rows (issue 23 item 7, docs/decisions/109): what the export writes for each
 * part and each of its sizes, and a file read back into rows and grouped by part.
 */
import {
  csvMessages,
  DEFAULT_PART_CATEGORY,
  formatAmount,
  optionsCell,
  picturesCell,
  picturesOf,
  sizeOptionsCell,
  specsCell,
  PARTS_CSV_COLUMNS,
  PARTS_IMPORT_MAX_ROWS,
  type CsvRowError,
  type PartOption,
  type PartVariant,
  type PartsCsvColumn,
} from '@sprocket/contract';
import type { Store, StoredDoc } from '../../store/port.js';
import { PARTS, type PartDoc } from '../stock/part-record.js';
import { partUnits } from '../stock/part-stock.js';
import { variantsWithStock } from '../stock/variant-stock.js';
import { toCsv } from './csv.js';

/** A part as the import compares with: the stored document and its stock (the ledger's). */
export interface CurrentPart {
  doc: StoredDoc<PartDoc>;
  /** Its stock: its own, or its sizes' together. */
  units: number;
  /** Its sizes with their stock, in the part's order; none for a part sold as one. */
  sizes: readonly PartVariant[];
}

/** Every part with its stock, oldest first. */
export async function currentParts(store: Store): Promise<CurrentPart[]> {
  const docs = await store.query<PartDoc>(PARTS, { orderBy: [{ field: 'createdAt' }] });
  const [units, variants] = await Promise.all([
    partUnits(store.stock, store, docs),
    variantsWithStock(store.stock, store, docs),
  ]);
  // A part sold in variants: their stock together, as the catalogue shows it (decision 064).
  return docs.map((doc, index) => {
    const sizes = variants.get(doc.id) ?? [];
    return {
      doc,
      units:
        sizes.length > 0
          ? sizes.reduce((sum, variant) => sum + variant.quantity, 0)
          : (units[index] ?? 0),
      sizes,
    };
  });
}

export type Cells = Record<PartsCsvColumn, string>;
const emptyCells = (): Cells =>
  Object.fromEntries(PARTS_CSV_COLUMNS.map((column) => [column, ''])) as Cells;

/** A part's row as the export writes it (and as an unchanged import reads it). */
export function exportCells({ doc, units }: CurrentPart, currency: string): Cells {
  const { data } = doc;
  return {
    id: doc.id,
    productName: data.productName,
    category: data.category ?? DEFAULT_PART_CATEGORY,
    price: formatAmount(data.price, currency),
    quantity: String(units),
    order: String(data.order),
    img: data.img,
    description: data.description,
    brand: data.brand ?? '',
    gtin: data.gtin ?? '',
    mpn: data.mpn ?? '',
    weight: data.weight == null ? '' : String(data.weight),
    compareAtPrice: data.compareAtPrice == null ? '' : formatAmount(data.compareAtPrice, currency),
    specs: specsCell(data.specs),
    pictures: picturesCell(picturesOf(data)),
    options: optionsCell(data.options),
    sku: '',
  };
}

/** The cells a size row has; the rest of its row is its part's, left empty. */
export const SIZE_COLUMNS = [
  'sku',
  'options',
  'price',
  'quantity',
  'specs',
  'gtin',
  'mpn',
  'weight',
  'compareAtPrice',
] as const satisfies readonly PartsCsvColumn[];

/** A size's row as the export writes it: its part's id, and its own cells. */
export function sizeCells(
  id: string,
  size: PartVariant,
  options: readonly PartOption[] | undefined,
  currency: string,
): Cells {
  return {
    ...emptyCells(),
    id,
    sku: size.sku,
    options: sizeOptionsCell(size.options, options),
    price: formatAmount(size.price, currency),
    quantity: String(size.quantity),
    specs: specsCell(size.specs),
    gtin: size.gtin ?? '',
    mpn: size.mpn ?? '',
    weight: size.weight == null ? '' : String(size.weight),
    compareAtPrice: size.compareAtPrice == null ? '' : formatAmount(size.compareAtPrice, currency),
  };
}

/** A part's rows: its own, then its sizes'. */
const exportRows = (part: CurrentPart, currency: string): Cells[] => [
  exportCells(part, currency),
  ...part.sizes.map((size) => sizeCells(part.doc.id, size, part.doc.data.options, currency)),
];

/** GET /admin/parts.csv: every part, oldest first, in PARTS_CSV_COLUMNS; its sizes under it. */
export async function exportPartsCsv(store: Store, currency: string): Promise<string> {
  const parts = await currentParts(store);
  return toCsv([
    PARTS_CSV_COLUMNS,
    ...parts.flatMap((part) =>
      exportRows(part, currency).map((cells) => PARTS_CSV_COLUMNS.map((column) => cells[column])),
    ),
  ]);
}

/** One data row of a file: its number as a spreadsheet shows it, and its cells by column. */
export interface CsvRow {
  row: number;
  cells: Partial<Record<PartsCsvColumn, string>>;
}

/** Headers read as columns: the export's names in any case, and a few that people write. */
const COLUMN_NAMES = new Map<string, PartsCsvColumn>([
  ...PARTS_CSV_COLUMNS.map((column) => [column.toLowerCase(), column] as const),
  ['_id', 'id'],
  ['name', 'productName'],
  ['image', 'img'],
  ['stock', 'quantity'],
  ['minorder', 'order'],
]);

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

/**
 * The file's header and rows. Blank lines are skipped but counted, so row numbers stay the
 * file's; a cell under a column without a name, or a row with fewer or more cells, is an error.
 */
export function readRows(records: string[][]): { rows: CsvRow[]; errors: CsvRowError[] } {
  const [header, ...data] = records;
  if (!header || isBlank(header))
    return { rows: [], errors: [{ row: 1, message: csvMessages.empty }] };
  const errors: CsvRowError[] = [];
  const columns: (PartsCsvColumn | undefined)[] = [];
  header.forEach((name) => {
    const trimmed = name.trim();
    const column = COLUMN_NAMES.get(trimmed.toLowerCase());
    if (trimmed !== '' && !column) {
      errors.push({
        row: 1,
        column: trimmed,
        message: `Unknown column: the columns are ${PARTS_CSV_COLUMNS.join(', ')}`,
      });
    } else if (column && columns.includes(column)) {
      errors.push({ row: 1, column, message: 'This column appears twice' });
    }
    columns.push(column);
  });
  if (!columns.includes('id')) {
    errors.push({
      row: 1,
      column: 'id',
      message: 'The file needs an id column (empty for new parts)',
    });
  }
  if (errors.length > 0) return { rows: [], errors };
  const filled = data.filter((record) => !isBlank(record)).length;
  if (filled > PARTS_IMPORT_MAX_ROWS) {
    return { rows: [], errors: [{ row: 1, message: csvMessages.tooManyRows }] };
  }
  const rows: CsvRow[] = [];
  data.forEach((record, index) => {
    const row = index + 2;
    if (isBlank(record)) return;
    // Cells past the header's that are empty: a spreadsheet's trailing commas.
    const extra = record.slice(header.length);
    if (record.length < header.length || !isBlank(extra)) {
      errors.push({
        row,
        message: `The row has ${record.length} cells where the header has ${header.length}`,
      });
      return;
    }
    const cells: CsvRow['cells'] = {};
    header.forEach((_, at) => {
      const column = columns[at];
      const value = record[at] ?? '';
      if (column) cells[column] = value;
      else if (value.trim() !== '') {
        errors.push({ row, message: `Cell ${at + 1} is under a column without a name` });
      }
    });
    rows.push({ row, cells });
  });
  return { rows, errors };
}

/** A part's rows in a file: its own, then its sizes' (rows with a sku), in the file's order. */
export interface PartRows {
  part: CsvRow;
  sizes: CsvRow[];
}

/**
 * The rows by part: a row with a sku is a size of the part row above it, and names that part's
 * id or none. Without a sku column, every row is a part's.
 */
export function groupRows(rows: CsvRow[]): { groups: PartRows[]; errors: CsvRowError[] } {
  const groups: PartRows[] = [];
  const errors: CsvRowError[] = [];
  for (const row of rows) {
    const sku = row.cells.sku?.trim() ?? '';
    const owner = groups.at(-1);
    if (sku === '') groups.push({ part: row, sizes: [] });
    else if (!owner) {
      errors.push({
        row: row.row,
        column: 'sku',
        message: `Size ${sku} needs its part's row above it (with an empty sku)`,
      });
    } else {
      const id = row.cells.id?.trim() ?? '';
      const partId = owner.part.cells.id?.trim() ?? '';
      if (id !== '' && id !== partId) {
        errors.push({
          row: row.row,
          column: 'id',
          message: `Size ${sku} is under the part of row ${owner.part.row}: leave its id empty or write ${partId || "that part's"}`,
        });
      }
      for (const column of PARTS_CSV_COLUMNS) {
        const spare = column !== 'id' && !SIZE_COLUMNS.some((own) => own === column);
        if (spare && (row.cells[column]?.trim() ?? '') !== '') {
          errors.push({
            row: row.row,
            column,
            message: "A size's row leaves this cell empty: it is its part's",
          });
        }
      }
      owner.sizes.push(row);
    }
  }
  return { groups, errors };
}
