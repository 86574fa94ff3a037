/**
 * The catalogue as a CSV file (issue 23 item 7): every part out, and a file in that adds new parts
 * and updates existing ones by id. Each row is checked with the API's own schemas (a new part
 * with POST /parts' partSchema, a change with PATCH /parts/{id}'s partEditSchema, the stock with
 * PUT /parts/{id}'s setStockSchema); the whole file is checked before anything is written, and
 * it is written in one transaction (docs/decisions/055).
 */
import {
  amountExample,
  csvMessages,
  DEFAULT_PART_CATEGORY,
  formatAmount,
  isOnSale,
  merchandisingMessages,
  minorUnitDigits,
  parseAmountToCents,
  partEditSchema,
  partMessages,
  partSchema,
  PARTS_CSV_COLUMNS,
  PARTS_IMPORT_MAX_LINES,
  PARTS_IMPORT_MAX_ROWS,
  setStockSchema,
  type CsvRowError,
  type FieldChange,
  type ImportedField,
  type PartEdit,
  type PartInput,
  type PartsCsvColumn,
  type PartsImportSummary,
} from '@sprocket/contract';
import { ValidationError, type Schema } from 'yup';
import type { StockCount, Store, StoredDoc } from '../../store/port.js';
import { isSafeId } from '../../store/ids.js';
import { conflict, invalidRows } from '../errors.js';
import { PARTS, type PartDoc } from '../stock/part-record.js';
import { partUnits, stockedPart } from '../stock/part-stock.js';
import { variantsWithStock } from '../stock/variant-stock.js';
import { parseCsv, toCsv } from './csv.js';
import { auditJson, recordAudit, type AdminAct, type AuditChange } from '../audit/audit-log.js';

/** A part as the import compares with: the stored document and its stock (the ledger's). */
export interface CurrentPart {
  doc: StoredDoc<PartDoc>;
  units: number;
}

/** Every part with its stock, oldest first. */
async function currentParts(store: Store): Promise<CurrentPart[]> {
  const docs = await store.query<PartDoc>(PARTS, { orderBy: [{ field: 'createdAt' }] });
  const [units, variants] = await Promise.all([
    partUnits(store.stock, store, docs),
    variantsWithStock(store.stock, store, docs),
  ]);
  // A part sold in variants: their stock together, as the catalogue shows it (decision 064).
  return docs.map((doc, index) => {
    const sold = variants.get(doc.id);
    return {
      doc,
      units: sold ? sold.reduce((sum, variant) => sum + variant.quantity, 0) : (units[index] ?? 0),
    };
  });
}

/** A part's cells as the export writes them (and as an unchanged import reads them). */
function exportCells(
  { doc, units }: CurrentPart,
  currency: string,
): Record<PartsCsvColumn, string> {
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
  };
}

/** GET /admin/parts.csv: every part, oldest first, in PARTS_CSV_COLUMNS. */
export async function exportPartsCsv(store: Store, currency: string): Promise<string> {
  const parts = await currentParts(store);
  return toCsv([
    PARTS_CSV_COLUMNS,
    ...parts.map((part) => {
      const cells = exportCells(part, currency);
      return PARTS_CSV_COLUMNS.map((column) => cells[column]);
    }),
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

/** What one row does. */
export type RowPlan =
  | { kind: 'add'; row: number; id: string | null; part: PartInput }
  | {
      kind: 'update';
      row: number;
      id: string;
      productName: string;
      patch: PartEdit;
      /** The new stock, when it changes. */
      quantity?: number;
      changes: Partial<Record<ImportedField, FieldChange>>;
    }
  | { kind: 'unchanged'; row: number; id: string };

/** Runs a schema; its failures by field (the first of each), or the cast value. */
function checkWith<T>(
  schema: Schema<T>,
  value: Record<string, unknown>,
): { value: T } | { fields: Record<string, string> } {
  try {
    return { value: schema.validateSync(value, { abortEarly: false, stripUnknown: true }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      fields[failure.path || 'id'] ??= failure.message;
    }
    return { fields };
  }
}

const priceMessage = (currency: string) => `Price must be a number like ${amountExample(currency)}`;

/** A price cell in minor units: every digit the currency's minor unit has is allowed. */
const priceOf = (cell: string, currency: string) =>
  parseAmountToCents(cell, currency, minorUnitDigits(currency));

type RowResult = { plan: RowPlan } | { fields: Record<string, string> };

/** A row without a part of its id: a new part, as POST /parts would take it. */
function planAdd({ row, cells }: CsvRow, currency: string): RowResult {
  const id = cells.id?.trim() ?? '';
  const fields: Record<string, string> = {};
  if (id !== '' && !isSafeId(id)) {
    fields.id = 'An id has at most 128 letters, digits, - and _ (leave it empty for a new part)';
  }
  // An empty cell is a field left out, so the schema says it is required.
  const given = (column: PartsCsvColumn) => {
    const value = cells[column];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const priceCell = given('price');
  const price = priceCell === undefined ? undefined : priceOf(priceCell, currency);
  const compareAtCell = given('compareAtPrice');
  const compareAt = compareAtCell === undefined ? undefined : priceOf(compareAtCell, currency);
  if (compareAt === null) fields.compareAtPrice = priceMessage(currency);
  const checked = checkWith(partSchema, {
    brand: given('brand'),
    gtin: given('gtin'),
    mpn: given('mpn'),
    weight: given('weight'),
    compareAtPrice: compareAt ?? undefined,
    productName: given('productName'),
    img: given('img'),
    order: given('order'),
    quantity: given('quantity'),
    description: given('description'),
    category: given('category'),
    price: price ?? undefined,
  });
  if ('fields' in checked) Object.assign(fields, checked.fields);
  if (price === null) fields.price = priceMessage(currency);
  if (Object.keys(fields).length > 0 || 'fields' in checked) return { fields };
  return { plan: { kind: 'add', row, id: id || null, part: checked.value } };
}

const TEXT_FIELDS = ['productName', 'img', 'description'] as const;
/** The merchandising cells read as text (the schema reads the GTIN's digits and the weight). */
const MERCHANDISING_TEXT = ['brand', 'gtin', 'mpn', 'weight'] as const;

/**
 * A row of an existing part: the cells that differ from it, checked as PATCH /parts/{id} checks
 * them (and the stock as PUT /parts/{id} `{ deliveredQuantity }`); a new minimum order must not
 * exceed the stock, as in editPart. A row as the export wrote it is unchanged, whatever the part
 * holds (a minimum order above a sold-down stock is not this file's doing).
 */
function planUpdate({ row, cells }: CsvRow, current: CurrentPart, currency: string): RowResult {
  const { doc, units } = current;
  const data = doc.data;
  const exported = exportCells(current, currency);
  const edit: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const field of TEXT_FIELDS) {
    const cell = cells[field];
    if (cell !== undefined && cell.trim() !== exported[field]) edit[field] = cell;
  }
  const category = cells.category?.trim();
  // An empty category cell leaves the part's, as a client that knows no categories does.
  if (category && category !== exported.category) edit.category = category;
  // A part sold in variants takes its price and stock from them (docs/decisions/064): the file's
  // price and quantity of it are not read.
  const variants = (data.variants?.length ?? 0) > 0;
  const priceCell = variants ? undefined : cells.price?.trim();
  if (priceCell !== undefined && priceCell !== exported.price) {
    const price = priceOf(priceCell, currency);
    if (price === null) fields.price = priceMessage(currency);
    else if (price !== data.price) edit.price = price;
  }
  const orderCell = cells.order?.trim();
  if (orderCell !== undefined && orderCell !== exported.order) edit.order = orderCell;
  // Merchandising (decision 102): an emptied cell clears the field.
  for (const field of MERCHANDISING_TEXT) {
    const cell = cells[field]?.trim();
    if (cell !== undefined && cell !== exported[field]) edit[field] = cell === '' ? null : cell;
  }
  const compareAtCell = cells.compareAtPrice?.trim();
  if (compareAtCell !== undefined && compareAtCell !== exported.compareAtPrice) {
    const compareAt = compareAtCell === '' ? null : priceOf(compareAtCell, currency);
    if (compareAtCell !== '' && compareAt === null) fields.compareAtPrice = priceMessage(currency);
    else edit.compareAtPrice = compareAt;
  }

  let patch: PartEdit = {};
  if (Object.keys(edit).length > 0) {
    const checked = checkWith(partEditSchema, edit);
    if ('fields' in checked) Object.assign(fields, checked.fields);
    else patch = checked.value;
  }
  let quantity: number | undefined;
  const quantityCell = variants ? undefined : cells.quantity?.trim();
  if (quantityCell !== undefined && quantityCell !== exported.quantity) {
    const checked = checkWith(setStockSchema, { deliveredQuantity: quantityCell });
    if ('fields' in checked) fields.quantity = Object.values(checked.fields)[0]!;
    else if (checked.value.deliveredQuantity !== units) quantity = checked.value.deliveredQuantity;
  }
  if (Object.keys(fields).length > 0) return { fields };

  const changes: Partial<Record<ImportedField, FieldChange>> = {};
  const before: Record<ImportedField, string | number> = {
    productName: data.productName,
    img: data.img,
    description: data.description,
    category: exported.category,
    price: data.price,
    order: data.order,
    quantity: units,
    brand: data.brand ?? '',
    gtin: data.gtin ?? '',
    mpn: data.mpn ?? '',
    weight: data.weight ?? '',
    compareAtPrice: data.compareAtPrice ?? '',
  };
  const kept: PartEdit = {};
  // The file's columns only: a row never holds options or variants.
  for (const [field, value] of Object.entries(patch) as [ImportedField, string | number | null][]) {
    // A field cleared (null) is '' in the summary.
    const to = value ?? '';
    if (value === undefined || to === before[field]) continue;
    changes[field] = { from: before[field], to };
    Object.assign(kept, { [field]: value });
  }
  // The rules PATCH /parts/{id} adds on the server: a compare-at price above the price it is
  // struck through against, and none of a part sold in sizes of its own (decision 102).
  const compareAt = kept.compareAtPrice === undefined ? data.compareAtPrice : kept.compareAtPrice;
  if (variants && typeof kept.compareAtPrice === 'number')
    return { fields: { compareAtPrice: merchandisingMessages.compareAtOnSizes } };
  if (!variants && typeof compareAt === 'number' && !isOnSale(kept.price ?? data.price, compareAt))
    return { fields: { compareAtPrice: merchandisingMessages.compareAtNotAbove } };
  if (quantity !== undefined) changes.quantity = { from: units, to: quantity };
  if (kept.order !== undefined) {
    const stock = quantity ?? units;
    if (kept.order > stock) return { fields: { order: partMessages.orderOverStock(stock) } };
  }
  if (Object.keys(changes).length === 0) return { plan: { kind: 'unchanged', row, id: doc.id } };
  return {
    plan: {
      kind: 'update',
      row,
      id: doc.id,
      productName: kept.productName ?? data.productName,
      patch: kept,
      ...(quantity === undefined ? {} : { quantity }),
      changes,
    },
  };
}

/**
 * What each row does against the parts as `lookup` finds them, or every error of the rows. A row
 * whose id names no part adds one with that id (or a new id when the cell is empty).
 */
export function planRows(
  rows: CsvRow[],
  lookup: (id: string) => CurrentPart | undefined,
  currency: string,
): { plans: RowPlan[]; errors: CsvRowError[] } {
  const plans: RowPlan[] = [];
  const errors: CsvRowError[] = [];
  const rowOfId = new Map<string, number>();
  for (const row of rows) {
    const id = row.cells.id?.trim() ?? '';
    if (id !== '') {
      const first = rowOfId.get(id);
      if (first !== undefined) {
        errors.push({ row: row.row, column: 'id', message: `Part ${id} is on row ${first} too` });
        continue;
      }
      rowOfId.set(id, row.row);
    }
    const current = id === '' || !isSafeId(id) ? undefined : lookup(id);
    const result = current ? planUpdate(row, current, currency) : planAdd(row, currency);
    if ('plan' in result) plans.push(result.plan);
    else {
      // In the file's column order, so the admin reads them left to right.
      const failing = PARTS_CSV_COLUMNS.filter((column) => result.fields[column] !== undefined);
      for (const column of failing) {
        errors.push({ row: row.row, column, message: result.fields[column]! });
      }
    }
  }
  return { plans, errors };
}

function summaryOf(plans: RowPlan[], dryRun: boolean, unchangedBefore = 0): PartsImportSummary {
  const summary: PartsImportSummary = {
    dryRun,
    added: [],
    updated: [],
    unchanged: unchangedBefore,
  };
  for (const plan of plans) {
    if (plan.kind === 'add') {
      summary.added.push({ row: plan.row, id: plan.id, productName: plan.part.productName });
    } else if (plan.kind === 'update') {
      const { row, id, productName, changes } = plan;
      summary.updated.push({ row, id, productName, changes });
    } else {
      summary.unchanged += 1;
    }
  }
  return summary;
}

/** The body as UTF-8 text; anything else (a spreadsheet's legacy encoding) is refused. */
/** Line breaks counted in one pass, without reading the CSV (which takes far longer per line). */
function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidRows([{ row: 1, message: csvMessages.notUtf8 }]);
  }
}

export interface ImportOptions {
  dryRun: boolean;
  currency: string;
  /** The admin who imports, and when (the audit log's entry). */
  act: AdminAct;
}

/**
 * The import's audit entries, one per part it wrote (issue 36 item 6), so the log finds a part's
 * import by its name or a field: a changed part's fields as they were and became, a new part's
 * fields as written (`added`, by id).
 */
function auditedImport(
  summary: PartsImportSummary,
  added: ReadonlyMap<string, Record<string, unknown>>,
): AuditChange[] {
  const updates = summary.updated.map(({ id, productName, changes }): AuditChange => ({
    kind: 'parts.imported',
    targetId: id,
    targetName: productName,
    before: auditJson(
      Object.fromEntries(Object.entries(changes).map(([field, c]) => [field, c?.from])),
    ),
    after: auditJson(
      Object.fromEntries(Object.entries(changes).map(([field, c]) => [field, c?.to])),
    ),
  }));
  // Written parts all have their id.
  const additions = summary.added.map(({ id, productName }): AuditChange => ({
    kind: 'parts.imported',
    targetId: id ?? '',
    targetName: productName,
    before: null,
    after: auditJson(added.get(id ?? '') ?? { productName }),
  }));
  return [...additions, ...updates];
}

/**
 * POST /admin/parts/import: checks every row first and refuses the file with all its errors
 * (nothing written); then, unless it is a dry run, writes the new and changed parts in one
 * transaction, the stock through the store's ledger as Add Stock does. The rows that change are
 * planned again against what the transaction reads, so an order placed meanwhile is seen; rows
 * that matched their part are left alone. Writes nothing when nothing changes.
 */
export async function importParts(
  store: Store,
  body: Uint8Array,
  { dryRun, currency, act }: ImportOptions,
): Promise<PartsImportSummary> {
  const now = act.at;
  const text = decodeCsv(body);
  if (lineCount(text) > PARTS_IMPORT_MAX_LINES) {
    throw invalidRows([{ row: 1, message: csvMessages.tooManyLines }]);
  }
  const parsed = await parseCsv(text);
  if ('error' in parsed) throw invalidRows([parsed.error]);
  const file = readRows(parsed.records);
  const parts = new Map((await currentParts(store)).map((part) => [part.doc.id, part]));
  const planned = planRows(file.rows, (id) => parts.get(id), currency);
  // Every error of the file at once, row by row (a stable sort keeps each row's column order).
  const errors = [...file.errors, ...planned.errors].sort((a, b) => a.row - b.row);
  if (errors.length > 0) throw invalidRows(errors);
  const changing = planned.plans.filter((plan) => plan.kind !== 'unchanged');
  const unchanged = planned.plans.length - changing.length;
  if (dryRun || changing.length === 0) return summaryOf(planned.plans, dryRun);

  // Chosen once, so that a transaction run again writes the same parts.
  const ids = changing.map((plan) => (plan.kind === 'add' && plan.id) || plan.id || store.newId());
  const rows = file.rows.filter((row) => changing.some((plan) => plan.row === row.row));
  return store.runTransaction(async (tx) => {
    const docs = await Promise.all(ids.map((id) => tx.get<PartDoc>(PARTS, id)));
    const counts: StockCount[] = await Promise.all(
      ids.map((id, at) => {
        const doc = docs[at];
        return store.stock.prepareCount(
          tx,
          doc ? stockedPart(doc) : { collection: PARTS, id, quantity: 0 },
        );
      }),
    );
    const fresh = new Map<string, CurrentPart>();
    docs.forEach((doc, at) => {
      // A part sold in variants: their stock as read before, a moment old (its own is 0).
      const sold = (doc?.data.variants?.length ?? 0) > 0;
      if (doc)
        fresh.set(doc.id, {
          doc,
          units: sold ? (parts.get(doc.id)?.units ?? 0) : counts[at]!.units,
        });
    });
    const again = planRows(rows, (id) => fresh.get(id), currency);
    if (again.errors.length > 0) throw invalidRows(again.errors);
    again.plans.forEach((plan, at) => {
      const before = changing[at]!;
      // A part added or deleted since the file was checked: the admin should look again.
      const turned = (before.kind === 'add') !== (plan.kind === 'add');
      if (turned) throw conflict(`Row ${plan.row}'s part changed while importing; try again`);
    });
    const addedFields = new Map<string, Record<string, unknown>>();
    const written = again.plans.map((plan, at): RowPlan => {
      const id = ids[at]!;
      const count = counts[at]!;
      if (plan.kind === 'add') {
        const {
          quantity = 0,
          price = 0,
          category,
          options: _o,
          variants: _v,
          ...fields
        } = plan.part;
        const doc: PartDoc = {
          ...fields,
          // A row has both (partSchema requires them of a part without variants).
          price,
          quantity: 0,
          category: category ?? DEFAULT_PART_CATEGORY,
          // A millisecond apart, so the catalogue lists them in the file's order.
          createdAt: new Date(now.getTime() + at).toISOString(),
        };
        tx.set(PARTS, id, doc);
        count.set(quantity);
        const { createdAt: _at, ...audited } = doc;
        addedFields.set(id, { ...audited, quantity });
        return { ...plan, id };
      }
      if (plan.kind === 'update') {
        if (Object.keys(plan.patch).length > 0) tx.update(PARTS, id, plan.patch);
        if (plan.quantity !== undefined) count.set(plan.quantity);
      }
      return plan;
    });
    const summary = summaryOf(written, false, unchanged);
    for (const change of auditedImport(summary, addedFields)) recordAudit(tx, act, change);
    return summary;
  });
}
