/**
 * What each part's rows in an imported file do (docs/decisions/055, 109): checked with the API's
 * own schemas (a new part with POST /parts' partSchema, a change with PATCH /parts/{id}'s
 * partEditSchema, the stock with PUT /parts/{id}'s setStockSchema), their refusals by row and
 * column, and the changes they make, field by field and size by size.
 */
import {
  amountExample,
  optionsCell,
  picturesCell,
  readOptionsCell,
  readPicturesCell,
  readSizeOptionsCell,
  readSpecsCell,
  specsCell,
  isOnSale,
  merchandisingMessages,
  minorUnitDigits,
  parseAmountToCents,
  partEditSchema,
  partMessages,
  partSchema,
  PARTS_CSV_COLUMNS,
  setStockSchema,
  type CsvRowError,
  type FieldChange,
  type ImportedField,
  type PartEdit,
  type PartInput,
  type PartOption,
  type PartSpecs,
  type SizeChange,
  type SizeField,
  type PartsCsvColumn,
  type PartsImportSummary,
} from '@sprocket/contract';
import { ValidationError, type Schema } from 'yup';
import { isSafeId } from '../../store/ids.js';

import {
  exportCells,
  sizeCells,
  SIZE_COLUMNS,
  type Cells,
  type CsvRow,
  type CurrentPart,
  type PartRows,
} from './parts-csv-rows.js';
/** What one part's rows do. */
export type RowPlan =
  | { kind: 'add'; row: number; id: string | null; part: PartInput }
  | {
      kind: 'update';
      row: number;
      id: string;
      productName: string;
      patch: PartEdit;
      /** The new stock of a part sold as one, when it changes. */
      quantity?: number;
      changes: Partial<Record<ImportedField, FieldChange>>;
      sizes?: SizeChange[];
    }
  | { kind: 'unchanged'; row: number; id: string };

/** Runs a schema; its failures by field path (the first of each), or the cast value. */
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

/** The column a field path of the API's names: `specs.speeds` is the specs cell's. */
const columnOf = (path: string): PartsCsvColumn | undefined => {
  const [field] = path.split(/[.[]/);
  if (field === 'images') return 'pictures';
  if (field === 'variants') return 'sku';
  return PARTS_CSV_COLUMNS.find((column) => column === field);
};

/**
 * Failures by field path as the rows and columns of a part's rows: `variants[1].price` is the
 * second size's price; what has no column of its own (the sizes together) is the part row's.
 */
export function rowErrors(
  { part, sizes }: PartRows,
  fields: Record<string, string>,
): CsvRowError[] {
  return Object.entries(fields).map(([path, message]) => {
    const size = /^variants\[(\d+)\]\.?(.*)$/.exec(path);
    const sizeRow = size ? sizes[Number(size[1])] : undefined;
    if (size && sizeRow) return { row: sizeRow.row, column: columnOf(size[2]!) ?? 'sku', message };
    return { row: part.row, column: columnOf(path) ?? 'sku', message };
  });
}

/** Errors of a part's rows in the file's order: by row, then left to right. */
export const inFileOrder = (errors: CsvRowError[]) =>
  errors.sort(
    (a, b) =>
      a.row - b.row ||
      PARTS_CSV_COLUMNS.indexOf(a.column as PartsCsvColumn) -
        PARTS_CSV_COLUMNS.indexOf(b.column as PartsCsvColumn),
  );

const priceMessage = (currency: string) => `Price must be a number like ${amountExample(currency)}`;

/** A price cell in minor units: every digit the currency's minor unit has is allowed. */
const priceOf = (cell: string, currency: string) =>
  parseAmountToCents(cell, currency, minorUnitDigits(currency));

type RowResult = { plan: RowPlan } | { errors: CsvRowError[] };

/** A cell's text, or undefined for a column the file does not have. */
const cellOf = (row: CsvRow, column: PartsCsvColumn) => row.cells[column]?.trim();

/**
 * A list cell read for the API (`read`), its problem on the row's column; an empty cell is
 * `empty`.
 */
function listCell<T>(
  row: CsvRow,
  column: PartsCsvColumn,
  read: (cell: string) => { value: T } | { problem: string },
  errors: CsvRowError[],
): T | undefined {
  const cell = cellOf(row, column);
  if (cell === undefined) return undefined;
  const reading = read(cell);
  if ('value' in reading) return reading.value;
  errors.push({ row: row.row, column, message: reading.problem });
  return undefined;
}

/**
 * A size's row for the API's `variants` (schemas/part.ts reads the text): an empty
 * merchandising cell is none (`''`, which a new part leaves out and an edit clears).
 */
function readSize(row: CsvRow, currency: string, errors: CsvRowError[]): Record<string, unknown> {
  const cell = (column: PartsCsvColumn) => cellOf(row, column) ?? '';
  const money = (column: 'price' | 'compareAtPrice') => {
    const text = cell(column);
    if (text === '') return column === 'price' ? undefined : '';
    const cents = priceOf(text, currency);
    if (cents === null) errors.push({ row: row.row, column, message: priceMessage(currency) });
    return cents ?? undefined;
  };
  return {
    sku: cell('sku'),
    options: listCell(row, 'options', readSizeOptionsCell, errors) ?? {},
    price: money('price'),
    quantity: cell('quantity') === '' ? undefined : cell('quantity'),
    specs: listCell(row, 'specs', readSpecsCell, errors) ?? {},
    gtin: cell('gtin'),
    mpn: cell('mpn'),
    weight: cell('weight'),
    compareAtPrice: money('compareAtPrice'),
  };
}

/**
 * A part's options: its options cell, or when that is empty, every option its sizes name with
 * the values in the order they first appear.
 */
function optionsFor(
  group: PartRows,
  sizes: readonly Record<string, unknown>[],
  errors: CsvRowError[],
): PartOption[] {
  const given = listCell(group.part, 'options', readOptionsCell, errors) ?? [];
  if (given.length > 0) return given;
  const options: PartOption[] = [];
  for (const size of sizes) {
    for (const [name, value] of Object.entries(size.options as Record<string, string>)) {
      let option = options.find((known) => known.name === name);
      if (!option) options.push((option = { name, values: [] }));
      if (!option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

/** Rows without a part of their id: a new part, as POST /parts would take it. */
function planAdd(group: PartRows, currency: string): RowResult {
  const { row, cells } = group.part;
  const id = cells.id?.trim() ?? '';
  const errors: CsvRowError[] = [];
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
  const productName = given('productName');
  const pictures = listCell(
    group.part,
    'pictures',
    (cell) => readPicturesCell(cell, productName?.trim() ?? ''),
    errors,
  );
  const specs = listCell(group.part, 'specs', readSpecsCell, errors);
  const sizes = group.sizes.map((size) => readSize(size, currency, errors));
  const sold = sizes.length > 0;
  const checked = checkWith(partSchema, {
    brand: given('brand'),
    gtin: given('gtin'),
    mpn: given('mpn'),
    weight: given('weight'),
    compareAtPrice: compareAt ?? undefined,
    productName,
    img: given('img'),
    ...(pictures && pictures.length > 0 && { images: pictures }),
    order: given('order'),
    // A part sold in sizes takes its price and stock from them.
    quantity: sold ? undefined : given('quantity'),
    description: given('description'),
    category: given('category'),
    price: sold ? undefined : (price ?? undefined),
    ...(specs && Object.keys(specs).length > 0 && { specs }),
    ...(sold && { options: optionsFor(group, sizes, errors), variants: sizes }),
  });
  if ('fields' in checked) Object.assign(fields, checked.fields);
  if (price === null && !sold) fields.price = priceMessage(currency);
  errors.push(...rowErrors(group, fields));
  if (errors.length > 0 || 'fields' in checked) return { errors: inFileOrder(errors) };
  return { plan: { kind: 'add', row, id: id || null, part: checked.value } };
}

const TEXT_FIELDS = ['productName', 'img', 'description'] as const;
/** The merchandising cells read as text (the schema reads the GTIN's digits and the weight). */
const MERCHANDISING_TEXT = ['brand', 'gtin', 'mpn', 'weight'] as const;

/** A size's cells a change compares, as the export would write them. */
const SIZE_FIELDS = SIZE_COLUMNS.filter((column): column is SizeField => column !== 'sku');

/**
 * The sizes' changes, by sku in the file's order: added, changed (its cells as exported before and
 * after), removed, or moved when only their order differs. Empty when they stay as they are.
 */
function sizeChanges(before: readonly Cells[], after: readonly Cells[]): SizeChange[] {
  const changes: SizeChange[] = [];
  for (const cells of after) {
    const had = before.find((size) => size.sku === cells.sku);
    if (!had) {
      changes.push({ sku: cells.sku, change: 'added' });
      continue;
    }
    const fields: Partial<Record<SizeField, FieldChange>> = {};
    for (const field of SIZE_FIELDS) {
      if (had[field] !== cells[field]) fields[field] = { from: had[field], to: cells[field] };
    }
    if (Object.keys(fields).length > 0) changes.push({ sku: cells.sku, change: 'changed', fields });
  }
  for (const had of before) {
    if (!after.some((size) => size.sku === had.sku))
      changes.push({ sku: had.sku, change: 'removed' });
  }
  const order = (cells: readonly Cells[]) =>
    cells
      .map((size) => size.sku)
      .filter(
        (sku) => before.some((had) => had.sku === sku) && after.some((now) => now.sku === sku),
      );
  if (changes.length === 0 && order(before).join() !== order(after).join())
    return after.map((size) => ({ sku: size.sku, change: 'moved' }));
  return changes;
}

/**
 * Rows of an existing part: the cells that differ from it, checked as PATCH /parts/{id} checks
 * them (and the stock as PUT /parts/{id} `{ deliveredQuantity }`); a new minimum order must not
 * exceed the stock, as in editPart. Rows as the export wrote them are unchanged, whatever the part
 * holds (a minimum order above a sold-down stock is not this file's doing). Size rows under it
 * are the part's sizes, each keeping its stock unless its quantity cell changes; with none, its
 * sizes stay, unless its options cell is emptied too (then it is sold as one).
 */
function planUpdate(group: PartRows, current: CurrentPart, currency: string): RowResult {
  const { row, cells } = group.part;
  const { doc, units } = current;
  const data = doc.data;
  const exported = exportCells(current, currency);
  const edit: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  const errors: CsvRowError[] = [];
  for (const field of TEXT_FIELDS) {
    const cell = cells[field];
    if (cell !== undefined && cell.trim() !== exported[field]) edit[field] = cell;
  }
  const category = cells.category?.trim();
  // An empty category cell leaves the part's, as a client that knows no categories does.
  if (category && category !== exported.category) edit.category = category;

  const specsCellText = cellOf(group.part, 'specs');
  if (specsCellText !== undefined && specsCellText !== exported.specs)
    edit.specs = listCell(group.part, 'specs', readSpecsCell, errors);
  const picturesText = cellOf(group.part, 'pictures');
  if (picturesText !== undefined && picturesText !== exported.pictures) {
    const name = (edit.productName as string | undefined)?.trim() ?? data.productName;
    const pictures = listCell(group.part, 'pictures', (c) => readPicturesCell(c, name), errors);
    // A picture kept keeps the copies its upload made.
    const had = data.images ?? [];
    edit.images = pictures?.map((picture) => {
      const renditions = had.find((known) => known.url === picture.url)?.renditions;
      return renditions ? { ...picture, renditions } : picture;
    });
    const firstUrl = pictures?.[0]?.url;
    if (edit.img !== undefined && (edit.img as string).trim() !== firstUrl)
      fields.img =
        'The image is the first picture: change the pictures cell, or leave img as it was';
    delete edit.img;
  }

  // The sizes as the file has them, and as the export wrote them.
  const sizesBefore = current.sizes.map((size) => sizeCells(doc.id, size, data.options, currency));
  const optionsText = cellOf(group.part, 'options');
  // No size rows leave the sizes as they are, unless the options cell is emptied too.
  const dropsSizes = group.sizes.length === 0 && optionsText === '' && exported.options !== '';
  const sizeRows =
    group.sizes.length > 0 || dropsSizes
      ? group.sizes
      : sizesBefore.map((size) => ({ row, cells: size }));
  const sizesDiffer =
    sizeRows.length !== sizesBefore.length ||
    sizeRows.some((size, at) =>
      SIZE_COLUMNS.some((column) => (cellOf(size, column) ?? '') !== sizesBefore[at]![column]),
    );
  const optionsDiffer = optionsText !== undefined && optionsText !== exported.options;
  const sizesChange = sizesDiffer || optionsDiffer;
  const soldBefore = current.sizes.length > 0;
  const soldAfter = sizesChange ? sizeRows.length > 0 : soldBefore;
  if (sizesChange) {
    const sizes = sizeRows.map((size) => readSize(size, currency, errors));
    sizes.forEach((size, at) => {
      const before = current.sizes.find((had) => had.sku === size.sku);
      // A size's stock as exported is left to the ledger, so orders since the export are kept.
      if (before && cellOf(sizeRows[at]!, 'quantity') === String(before.quantity))
        delete size.quantity;
    });
    edit.options = soldAfter ? optionsFor(group, sizes, errors) : [];
    edit.variants = sizes;
  }
  // A part sold in sizes takes its price and stock from them (docs/decisions/064): the file's
  // price and quantity of it are not read; a part that stops being sold in sizes takes both.
  const turnsSingle = soldBefore && !soldAfter;
  const priceCell = soldAfter ? undefined : cells.price?.trim();
  if (priceCell !== undefined && (priceCell !== exported.price || turnsSingle)) {
    const price = priceOf(priceCell, currency);
    if (price === null) fields.price = priceMessage(currency);
    else if (price !== data.price || turnsSingle) edit.price = price;
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
    // The specs are checked against the part's category, the stored one when the file keeps it.
    const checked = checkWith(partEditSchema, {
      ...edit,
      category: edit.category ?? exported.category,
    });
    if ('fields' in checked) Object.assign(fields, checked.fields);
    else {
      const { category: _category, ...rest } = checked.value;
      patch = edit.category === undefined ? rest : checked.value;
    }
  }
  let quantity: number | undefined;
  const quantityCell = soldAfter ? undefined : cells.quantity?.trim();
  if (quantityCell !== undefined && (quantityCell !== exported.quantity || turnsSingle)) {
    const checked = checkWith(setStockSchema, { deliveredQuantity: quantityCell });
    if ('fields' in checked) fields.quantity = Object.values(checked.fields)[0]!;
    else if (checked.value.deliveredQuantity !== units || turnsSingle)
      quantity = checked.value.deliveredQuantity;
  }
  errors.push(...rowErrors(group, fields));
  if (errors.length > 0) return { errors: inFileOrder(errors) };

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
    specs: exported.specs,
    pictures: exported.pictures,
    options: exported.options,
  };
  const { options: newOptions, variants: newVariants, specs, images, ...plain } = patch;
  const kept: PartEdit = {};
  for (const [field, value] of Object.entries(plain) as [ImportedField, string | number | null][]) {
    // A field cleared (null) is '' in the summary.
    const to = value ?? '';
    if (value === undefined || to === before[field]) continue;
    changes[field] = { from: before[field], to };
    Object.assign(kept, { [field]: value });
  }
  // The lists compared as the export writes them, so a cell written otherwise but meaning the
  // same (`speeds:12`) changes nothing.
  if (specs !== undefined && specsCell(specs as PartSpecs) !== exported.specs) {
    changes.specs = { from: exported.specs, to: specsCell(specs as PartSpecs) };
    kept.specs = specs;
  }
  if (images !== undefined && picturesCell(images) !== exported.pictures) {
    changes.pictures = { from: exported.pictures, to: picturesCell(images) };
    kept.images = images;
  }
  let sizes: SizeChange[] = [];
  if (newOptions !== undefined && newVariants !== undefined) {
    const after = newVariants.map((size) =>
      sizeCells(
        doc.id,
        {
          ...size,
          quantity:
            size.quantity ?? current.sizes.find((had) => had.sku === size.sku)?.quantity ?? 0,
          specs: size.specs as PartSpecs | undefined,
          gtin: size.gtin ?? undefined,
          mpn: size.mpn ?? undefined,
          weight: size.weight ?? undefined,
          compareAtPrice: size.compareAtPrice ?? undefined,
        },
        newOptions,
        currency,
      ),
    );
    sizes = sizeChanges(sizesBefore, after);
    if (optionsCell(newOptions) !== exported.options)
      changes.options = { from: exported.options, to: optionsCell(newOptions) };
    if (sizes.length > 0 || changes.options)
      Object.assign(kept, { options: newOptions, variants: newVariants });
  }
  // The rules PATCH /parts/{id} adds on the server: a compare-at price above the price it is
  // struck through against, and none of a part sold in sizes of its own (decision 102).
  const compareAt = kept.compareAtPrice === undefined ? data.compareAtPrice : kept.compareAtPrice;
  const problem = (column: PartsCsvColumn, message: string): RowResult => ({
    errors: [{ row, column, message }],
  });
  if (soldAfter && typeof kept.compareAtPrice === 'number')
    return problem('compareAtPrice', merchandisingMessages.compareAtOnSizes);
  if (!soldAfter && typeof compareAt === 'number' && !isOnSale(kept.price ?? data.price, compareAt))
    return problem('compareAtPrice', merchandisingMessages.compareAtNotAbove);
  if (quantity !== undefined) changes.quantity = { from: units, to: quantity };
  if (kept.order !== undefined) {
    const stock = soldAfter
      ? (kept.variants ?? current.sizes).reduce(
          (sum, size) =>
            sum +
            (size.quantity ?? current.sizes.find((had) => had.sku === size.sku)?.quantity ?? 0),
          0,
        )
      : (quantity ?? units);
    if (kept.order > stock) return problem('order', partMessages.orderOverStock(stock));
  }
  if (Object.keys(changes).length === 0 && sizes.length === 0)
    return { plan: { kind: 'unchanged', row, id: doc.id } };
  return {
    plan: {
      kind: 'update',
      row,
      id: doc.id,
      productName: kept.productName ?? data.productName,
      patch: kept,
      ...(quantity === undefined ? {} : { quantity }),
      changes,
      ...(sizes.length > 0 && { sizes }),
    },
  };
}

/**
 * What each part's rows do against the parts as `lookup` finds them, or every error of the rows.
 * A part row whose id names no part adds one with that id (or a new id when the cell is empty).
 */
export function planRows(
  groups: PartRows[],
  lookup: (id: string) => CurrentPart | undefined,
  currency: string,
): { plans: RowPlan[]; errors: CsvRowError[] } {
  const plans: RowPlan[] = [];
  const errors: CsvRowError[] = [];
  const rowOfId = new Map<string, number>();
  for (const group of groups) {
    const id = group.part.cells.id?.trim() ?? '';
    if (id !== '') {
      const first = rowOfId.get(id);
      if (first !== undefined) {
        errors.push({
          row: group.part.row,
          column: 'id',
          message: `Part ${id} is on row ${first} too`,
        });
        continue;
      }
      rowOfId.set(id, group.part.row);
    }
    const current = id === '' || !isSafeId(id) ? undefined : lookup(id);
    const result = current ? planUpdate(group, current, currency) : planAdd(group, currency);
    if ('plan' in result) plans.push(result.plan);
    else errors.push(...result.errors);
  }
  return { plans, errors };
}

export function summaryOf(
  plans: RowPlan[],
  dryRun: boolean,
  unchangedBefore = 0,
): PartsImportSummary {
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
      const { row, id, productName, changes, sizes } = plan;
      summary.updated.push({ row, id, productName, changes, ...(sizes && { sizes }) });
    } else {
      summary.unchanged += 1;
    }
  }
  return summary;
}
