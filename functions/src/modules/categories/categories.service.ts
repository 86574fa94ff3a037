/**
 * The catalogue's categories (issue 36 item 5, docs/decisions/108): one document,
 * `shopSettings/categories`, the whole ordered list, so a reorder is one write and every reader
 * gets the list in one read. A shop with no document has DEFAULT_CATEGORIES. Each change is one
 * transaction with its audit entry; a part's add or edit reads the list in its own transaction,
 * so a category deleted meanwhile is not given a part.
 */
import {
  categoryMessages,
  categoryNameOf,
  categoryOf,
  categoryProblems,
  CATEGORIES_MAX,
  DEFAULT_CATEGORIES,
  DEFAULT_PART_CATEGORY,
  newCategoryId,
  type Category,
  type CategoryEdit,
  type CategoryInput,
} from '@sprocket/contract';
import type { DocData, StoreReader, Store, Transaction } from '../../store/port.js';
import { auditJson, changedFields, recordAudit, type AdminAct } from '../audit/audit-log.js';
import { conflict, notFound, validationFailed } from '../errors.js';
import { PARTS } from '../stock/part-record.js';

/** The shop's settings documents; the categories are one of them. */
export const SHOP_SETTINGS = 'shopSettings';
export const CATEGORIES = 'categories';

type CategoriesDoc = { list: Category[] } & DocData;

/** The shop's categories in its order, hidden ones too. */
export async function readCategories(reader: Pick<StoreReader, 'get'>): Promise<Category[]> {
  const doc = await reader.get<CategoriesDoc>(SHOP_SETTINGS, CATEGORIES);
  return doc ? doc.data.list : [...DEFAULT_CATEGORIES];
}

/**
 * The category a part is filed under, from the list `tx` read, or a 422 on `category`: a part is
 * given only a category the shop has (a hidden one too: the admin files parts there).
 */
export async function partCategory(tx: Pick<Transaction, 'get'>, id: string): Promise<Category> {
  const category = categoryOf(await readCategories(tx), id);
  if (!category) throw validationFailed({ category: categoryMessages.unknown });
  return category;
}

/** Runs `change` over the list as stored, in one transaction with the writes it makes. */
const inCategories = <T>(
  store: Store,
  change: (tx: Transaction, list: Category[]) => Promise<T>,
): Promise<T> => store.runTransaction(async (tx) => change(tx, await readCategories(tx)));

function refuseProblems(problems: Record<string, string>) {
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
}

const write = (tx: Transaction, list: Category[]) =>
  tx.set(SHOP_SETTINGS, CATEGORIES, { list } satisfies CategoriesDoc);

/** What the audit log keeps of a category. */
const audited = ({ name, specs, hidden }: Category) => auditJson({ name, specs, hidden });

/** Adds a category at the end of the list, shown, with an id made from its name. */
export async function addCategory(
  store: Store,
  input: CategoryInput,
  act: AdminAct,
): Promise<Category> {
  return inCategories(store, async (tx, list) => {
    refuseProblems(categoryProblems(input, list));
    if (list.length >= CATEGORIES_MAX) throw conflict(categoryMessages.tooMany);
    const name = categoryNameOf(input.name);
    const category: Category = {
      id: newCategoryId(name, list),
      name,
      specs: input.specs,
      hidden: false,
    };
    write(tx, [...list, category]);
    recordAudit(tx, act, {
      kind: 'category.added',
      targetId: category.id,
      targetName: category.name,
      before: null,
      after: audited(category),
    });
    return category;
  });
}

/**
 * Renames a category, chooses its specs, or hides or shows it. Its id stays, so its parts, links
 * and filters keep working; specs it no longer uses stay stored on its parts, unshown, and come
 * back if it uses them again.
 */
export async function editCategory(
  store: Store,
  id: string,
  edit: CategoryEdit,
  act: AdminAct,
): Promise<Category> {
  return inCategories(store, async (tx, list) => {
    const was = categoryOf(list, id);
    if (!was) throw notFound('Category');
    refuseProblems(categoryProblems(edit, list, id));
    const category: Category = {
      ...was,
      ...(edit.name !== undefined && { name: categoryNameOf(edit.name) }),
      ...(edit.specs !== undefined && { specs: edit.specs }),
      ...(edit.hidden !== undefined && { hidden: edit.hidden }),
    };
    const changed = changedFields(audited(was), audited(category));
    if (!changed) return was;
    write(
      tx,
      list.map((each) => (each.id === id ? category : each)),
    );
    recordAudit(tx, act, {
      kind: 'category.changed',
      targetId: id,
      targetName: category.name,
      ...changed,
    });
    return category;
  });
}

/** Puts the categories in the order of `ids`, which must name each of them once. */
export async function reorderCategories(
  store: Store,
  ids: readonly string[],
  act: AdminAct,
): Promise<Category[]> {
  return inCategories(store, async (tx, list) => {
    const byId = new Map(list.map((category) => [category.id, category]));
    if (
      ids.length !== list.length ||
      new Set(ids).size !== ids.length ||
      !ids.every((id) => byId.has(id))
    )
      throw validationFailed({ ids: categoryMessages.orderNotWhole });
    const ordered = ids.map((id) => byId.get(id)!);
    const names = (categories: Category[]) => ({
      categoryOrder: categories.map((each) => each.name),
    });
    const changed = changedFields(auditJson(names(list)), auditJson(names(ordered)));
    if (!changed) return list;
    write(tx, ordered);
    recordAudit(tx, act, {
      kind: 'category.reordered',
      targetId: CATEGORIES,
      targetName: 'Categories',
      ...changed,
    });
    return ordered;
  });
}

/**
 * Deletes a category that has no parts; one that has is refused with a 409 saying how many, as
 * is the category parts without one are filed under (DEFAULT_PART_CATEGORY): hide it instead.
 */
export async function deleteCategory(store: Store, id: string, act: AdminAct): Promise<void> {
  await inCategories(store, async (tx, list) => {
    const category = categoryOf(list, id);
    if (!category) throw notFound('Category');
    if (id === DEFAULT_PART_CATEGORY) throw conflict(categoryMessages.keepsDefault(category.name));
    const parts = await tx.query(PARTS, { where: [{ field: 'category', op: '==', value: id }] });
    if (parts.length > 0)
      throw conflict(categoryMessages.stillHasParts(category.name, parts.length));
    write(
      tx,
      list.filter((each) => each.id !== id),
    );
    recordAudit(tx, act, {
      kind: 'category.removed',
      targetId: id,
      targetName: category.name,
      before: audited(category),
      after: null,
    });
  });
}
