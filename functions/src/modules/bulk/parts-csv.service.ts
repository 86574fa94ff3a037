/**
 * The catalogue's import (issue 23 item 7): a file that adds new parts and updates existing ones
 * by id, with their sizes (docs/decisions/109). The whole file is checked before anything is
 * written (parts-csv-plan.ts), and it is written in one transaction (docs/decisions/055).
 */
import {
  csvMessages,
  PARTS_IMPORT_MAX_LINES,
  type SizeChange,
  type PartsImportSummary,
  categoryMessages,
  categoryOf,
  type Category,
  type CsvRowError,
} from '@sprocket/contract';
import type { Store } from '../../store/port.js';
import { conflict, DomainError, invalidRows } from '../errors.js';
import { prepareAdd, prepareEdit } from '../parts/parts.service.js';
import { readCategories } from '../categories/categories.service.js';
import { PARTS, type PartDoc } from '../stock/part-record.js';
import { stockedPart } from '../stock/part-stock.js';
import { parseCsv } from './csv.js';
import { auditJson, recordAudit, type AdminAct, type AuditChange } from '../audit/audit-log.js';

import {
  currentParts,
  groupRows,
  readRows,
  type CsvRow,
  type CurrentPart,
  type PartRows,
} from './parts-csv-rows.js';
import { inFileOrder, planRows, rowErrors, summaryOf, type RowPlan } from './parts-csv-plan.js';

/** Line breaks counted in one pass, without reading the CSV (which takes far longer per line). */
function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

/** The body as UTF-8 text; anything else (a spreadsheet's legacy encoding) is refused. */
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

/** A size's changes as the audit log keeps them: `size CSV-28` and what it was and became. */
function auditedSizes(sizes: readonly SizeChange[] = []) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const size of sizes) {
    const key = `size ${size.sku}`;
    if (size.change === 'changed') {
      before[key] = Object.fromEntries(Object.entries(size.fields).map(([f, c]) => [f, c?.from]));
      after[key] = Object.fromEntries(Object.entries(size.fields).map(([f, c]) => [f, c?.to]));
    } else if (size.change === 'removed') before[key] = 'sold';
    else after[key] = size.change;
  }
  return { before, after };
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
  const updates = summary.updated.map(({ id, productName, changes, sizes }): AuditChange => {
    const sized = auditedSizes(sizes);
    return {
      kind: 'parts.imported',
      targetId: id,
      targetName: productName,
      before: auditJson({
        ...Object.fromEntries(Object.entries(changes).map(([field, c]) => [field, c?.from])),
        ...sized.before,
      }),
      after: auditJson({
        ...Object.fromEntries(Object.entries(changes).map(([field, c]) => [field, c?.to])),
        ...sized.after,
      }),
    };
  });
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

/** What the audit log keeps of a new part: its fields, its sizes' skus and pictures' addresses. */
function auditedAddition(doc: PartDoc, quantity: number): Record<string, unknown> {
  const { createdAt: _at, variants, options: _options, images, ...fields } = doc;
  return {
    ...fields,
    quantity,
    ...(variants && { sizes: variants.map((size) => size.sku) }),
    ...(images && { pictures: images.map((picture) => picture.url) }),
  };
}

/** A refusal of PATCH or POST /parts' own rules, as the part's rows and columns. */
async function asRows<T>(group: PartRows | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (group && error instanceof DomainError && error.code === 'validation_failed' && error.fields)
      throw invalidRows(inFileOrder(rowErrors(group, error.fields)));
    throw error;
  }
}

/** The rows that file a part under a category the shop does not have (docs/decisions/108). */
const unknownCategories = (rows: readonly CsvRow[], categories: readonly Category[]) =>
  rows.flatMap((row): CsvRowError[] => {
    const category = row.cells.category?.trim();
    return !category || categoryOf(categories, category)
      ? []
      : [{ row: row.row, column: 'category', message: categoryMessages.unknown }];
  });

/**
 * POST /admin/parts/import: checks every row first and refuses the file with all its errors
 * (nothing written); then, unless it is a dry run, writes the new and changed parts in one
 * transaction through the same steps as POST and PATCH /parts (prepareAdd, prepareEdit), the
 * stock through the store's ledger as Add Stock does. The parts that change are planned again
 * against what the transaction reads, so an order placed meanwhile is seen; rows that matched
 * their part are left alone. Writes nothing when nothing changes.
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
  const grouped = groupRows(file.rows);
  const parts = new Map((await currentParts(store)).map((part) => [part.doc.id, part]));
  const planned = planRows(grouped.groups, (id) => parts.get(id), currency);
  const categories = await readCategories(store);
  // Every error of the file at once, row by row (a stable sort keeps each row's column order).
  const errors = [
    ...file.errors,
    ...grouped.errors,
    ...unknownCategories(file.rows, categories),
    ...planned.errors,
  ].sort((a, b) => a.row - b.row);
  if (errors.length > 0) throw invalidRows(errors);
  const changing = planned.plans.filter((plan) => plan.kind !== 'unchanged');
  const unchanged = planned.plans.length - changing.length;
  if (dryRun || changing.length === 0) return summaryOf(planned.plans, dryRun);

  // Chosen once, so that a transaction run again writes the same parts.
  const ids = changing.map((plan) => plan.id ?? store.newId());
  const groups = grouped.groups.filter((group) =>
    changing.some((plan) => plan.row === group.part.row),
  );
  return store.runTransaction(async (tx) => {
    const docs = await Promise.all(ids.map((id) => tx.get<PartDoc>(PARTS, id)));
    // A part sold as one: its stock as the transaction reads it, which the import sets.
    const counts = await Promise.all(
      docs.map((doc) => (doc ? store.stock.prepareCount(tx, stockedPart(doc)) : undefined)),
    );
    const fresh = new Map<string, CurrentPart>();
    docs.forEach((doc, at) => {
      const before = doc && parts.get(doc.id);
      // A part sold in variants: their stock as read before, a moment old (its own is 0).
      if (doc)
        fresh.set(doc.id, {
          doc,
          units: (before?.sizes.length ?? 0) > 0 ? before!.units : counts[at]!.units,
          sizes: before?.sizes ?? [],
        });
    });
    const again = planRows(groups, (id) => fresh.get(id), currency);
    if (again.errors.length > 0) throw invalidRows(again.errors);
    again.plans.forEach((plan, at) => {
      const before = changing[at]!;
      // A part added or deleted since the file was checked: the admin should look again.
      const turned = (before.kind === 'add') !== (plan.kind === 'add');
      if (turned) throw conflict(`Row ${plan.row}'s part changed while importing; try again`);
    });
    const addedFields = new Map<string, Record<string, unknown>>();
    const writes: (() => void)[] = [];
    const written: RowPlan[] = [];
    for (const [at, plan] of again.plans.entries()) {
      const id = ids[at]!;
      const group = groups[at];
      if (plan.kind === 'add') {
        const added = await asRows(group, () =>
          prepareAdd(store, tx, id, plan.part, act, {
            audited: false,
            // A millisecond apart, so the catalogue lists them in the file's order.
            createdAt: new Date(now.getTime() + at),
          }),
        );
        writes.push(added.write);
        addedFields.set(id, auditedAddition(added.doc, added.quantity));
        written.push({ ...plan, id });
        continue;
      }
      if (plan.kind === 'update') {
        const { patch, quantity } = plan;
        if (Object.keys(patch).length > 0) {
          const edit = await asRows(group, () =>
            prepareEdit(store, tx, id, patch, act, {
              audited: false,
              ...(quantity !== undefined && { stockAfter: quantity }),
            }),
          );
          writes.push(edit);
        }
        const count = counts[at];
        if (quantity !== undefined && count) writes.push(() => count.set(quantity));
      }
      written.push(plan);
    }
    for (const write of writes) write();
    const summary = summaryOf(written, false, unchanged);
    for (const change of auditedImport(summary, addedFields)) recordAudit(tx, act, change);
    return summary;
  });
}
