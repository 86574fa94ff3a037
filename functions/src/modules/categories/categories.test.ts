/**
 * The categories the owner manages (issue 36 item 5, docs/decisions/108) over HTTP: the shop
 * starts with its eight; an admin adds, renames, reorders, hides and deletes them and chooses
 * their specs, each audited; the storefront's lists, filters and facets follow, the admin's list
 * keeps every part; bad input is refused in plain words with nothing changed. The snapshot is
 * kept a minute, so each change is seen through this instance's invalidation. Runs on SQLite
 * and, with SPROCKET_TEST_STORE=firestore, on Firestore.
 */
import {
  apiPaths,
  categoryMessages,
  DEFAULT_CATEGORIES,
  TOTAL_COUNT_HEADER,
  type AdminCategory,
  type ApiErrorBody,
  type AuditEntry,
  type CataloguePart,
  type CatalogueFacets,
  type Category,
  type InsertResult,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi({ env: { SHOP_CACHE_MAX_AGE_SECONDS: '60' } });
  [admin, customer] = await Promise.all([api.admin(), api.customer('categories')]);
});
afterAll(async () => {
  await api?.close();
});

type Answer<T> = T & ApiErrorBody;
const asAdmin = <T>(method: string, path: string, json?: unknown) =>
  api.request<Answer<T>>(method, path, { token: admin.token, ...(json !== undefined && { json }) });
const shown = async () => (await api.request<Category[]>('GET', apiPaths.categories())).body;
const adminList = async () =>
  (await asAdmin<AdminCategory[]>('GET', apiPaths.adminCategories())).body;
const add = (json: unknown) => asAdmin<Category>('POST', apiPaths.adminCategories(), json);
const edit = (id: string, json: unknown) =>
  asAdmin<Category>('PATCH', apiPaths.adminCategory(id), json);
const names = (categories: readonly Category[]) => categories.map((category) => category.name);

async function addPart(productName: string, category: string, specs?: object) {
  const added = await asAdmin<InsertResult>('POST', apiPaths.parts(), {
    productName,
    img: '/parts/test.svg',
    order: 1,
    quantity: 4,
    price: 2500,
    description: `${productName}, a part for the category tests.`,
    category,
    ...(specs && { specs }),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.insertedId;
}

const storefront = async (search = '') =>
  (await api.request<CataloguePart[]>('GET', `${apiPaths.parts()}${search}`)).body.map(
    (part) => part.productName,
  );

describe('the categories the owner manages', () => {
  it("are the shop's first eight, with their specs, until the owner changes them", async () => {
    expect(await shown()).toEqual(DEFAULT_CATEGORIES);
    expect((await adminList()).map(({ id, parts }) => [id, parts])).toEqual(
      DEFAULT_CATEGORIES.map((category) => [category.id, 0]),
    );
  });

  it('are changed by admins only', async () => {
    const attempts = [
      api.request('POST', apiPaths.adminCategories(), { json: { name: 'Bags' } }),
      api.request('GET', apiPaths.adminCategories(), { token: customer.token }),
      api.request('PATCH', apiPaths.adminCategory('brakes'), {
        token: customer.token,
        json: { hidden: true },
      }),
      api.request('DELETE', apiPaths.adminCategory('lights'), { token: customer.token }),
      api.request('PUT', apiPaths.adminCategoryOrder(), {
        token: customer.token,
        json: { ids: [] },
      }),
    ];
    expect((await Promise.all(attempts)).map((answer) => answer.status)).toEqual([
      401, 403, 403, 403, 403,
    ]);
    expect(await shown()).toEqual(DEFAULT_CATEGORIES);
  });

  it('are added at the end with the specs chosen, and a part is filed under the new one', async () => {
    const added = await add({ name: '  Bags   and racks ', specs: ['wheelSize'] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toEqual({
      id: 'bags-and-racks',
      name: 'Bags and racks',
      specs: ['wheelSize'],
      hidden: false,
    });
    expect(names(await shown()).at(-1)).toBe('Bags and racks');
    await addPart('Rear rack', 'bags-and-racks', { wheelSize: '700c' });
    expect(await storefront('?category=bags-and-racks')).toEqual(['Rear rack']);
    // Its spec is a filter of its own on All Parts, with the parts each value gives.
    const facets = await api.request<CatalogueFacets>(
      'GET',
      apiPaths.partFacets({ category: 'bags-and-racks' }),
    );
    expect(facets.body.specs).toEqual({ wheelSize: { '700c': 1 } });
    expect(facets.body.categories['bags-and-racks']).toBe(1);
  });

  it('refuse bad input in plain words, changing nothing', async () => {
    const before = await adminList();
    const refusals = await Promise.all([
      add({ name: '' }),
      add({ name: 'x'.repeat(41) }),
      add({ name: 'brakes' }),
      add({ name: 'Bells', specs: ['gears'] }),
      add({ name: 'Bells', specs: ['speeds', 'speeds'] }),
      add({ name: 'Bells', specs: [{ key: 'speeds' }] }),
      edit('brakes', { name: 'Drivetrain' }),
      edit('brakes', {}),
      edit('nowhere', { name: 'Nowhere' }),
      asAdmin('PUT', apiPaths.adminCategoryOrder(), { ids: ['brakes', 'drivetrain'] }),
    ]);
    expect(refusals.map((answer) => [answer.status, answer.body.error?.message])).toEqual([
      [422, categoryMessages.nameRequired],
      [422, categoryMessages.nameTooLong],
      [422, categoryMessages.nameTaken('brakes')],
      [422, categoryMessages.unknownSpec('gears')],
      [422, categoryMessages.repeatedSpec('speeds')],
      [422, 'Each spec is a key, like speeds'],
      [422, categoryMessages.nameTaken('Drivetrain')],
      [422, 'Send a name, specs or hidden'],
      [404, 'Category not found'],
      [422, categoryMessages.orderNotWhole],
    ]);
    expect(await adminList()).toEqual(before);
    // A part is filed only under a category the shop has.
    const unknown = await asAdmin('POST', apiPaths.parts(), {
      productName: 'Bell',
      img: '/parts/test.svg',
      order: 1,
      quantity: 1,
      price: 500,
      description: 'A bell.',
      category: 'bells',
    });
    expect([unknown.status, unknown.body.error?.fields]).toEqual([
      422,
      { category: categoryMessages.unknown },
    ]);
  });

  it('keep their parts, links and filters through a rename, in the audit log as a change', async () => {
    const chain = await addPart('Rename chain', 'drivetrain', { speeds: 12 });
    const renamed = await edit('drivetrain', { name: 'Chains and gears' });
    expect(renamed.body).toMatchObject({ id: 'drivetrain', name: 'Chains and gears' });
    expect(names(await shown())[0]).toBe('Chains and gears');
    expect(await storefront('?category=drivetrain&spec.speeds=12')).toEqual(['Rename chain']);
    const part = await api.request<CataloguePart>('GET', apiPaths.part(chain));
    expect(part.body.category).toBe('drivetrain');
    // Searched by its new name.
    expect(await storefront('?q=gears')).toContain('Rename chain');
    const audit = await asAdmin<AuditEntry[]>('GET', '/admin/audit?kind=category.changed');
    expect(audit.body[0]).toMatchObject({
      targetId: 'drivetrain',
      targetName: 'Chains and gears',
      before: { name: 'Drivetrain' },
      after: { name: 'Chains and gears' },
    });
  });

  it('are listed in the order the owner puts them', async () => {
    const ids = (await adminList()).map((category) => category.id);
    const reversed = [...ids].reverse();
    const answer = await asAdmin<Category[]>('PUT', apiPaths.adminCategoryOrder(), {
      ids: reversed,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await shown()).map((category) => category.id)).toEqual(reversed);
    const audit = await asAdmin<AuditEntry[]>('GET', '/admin/audit?kind=category.reordered');
    expect(audit.body[0]?.after).toEqual({
      categoryOrder: [...(await adminList())].map((category) => category.name),
    });
    await asAdmin('PUT', apiPaths.adminCategoryOrder(), { ids });
    expect((await shown()).map((category) => category.id)).toEqual(ids);
  });

  it('use the specs the owner chooses: the filters and the part forms follow', async () => {
    const lamp = await addPart('Choice lamp', 'lights', { lightPosition: 'front' });
    expect((await edit('lights', { specs: ['lumens'] })).status).toBe(200);
    const facets = await api.request<CatalogueFacets>(
      'GET',
      apiPaths.partFacets({ category: 'lights' }),
    );
    expect(Object.keys(facets.body.specs)).toEqual([]);
    const refused = await api.request<ApiErrorBody>(
      'GET',
      '/parts?category=lights&spec.lightPosition=front',
    );
    expect(refused.status).toBe(422);
    // A part's specs are checked against the category's new choice.
    const wrong = await asAdmin('PATCH', apiPaths.part(lamp), { specs: { lightPosition: 'rear' } });
    expect([wrong.status, wrong.body.error?.fields]).toEqual([
      422,
      { 'specs.lightPosition': 'Lights have these specifications: lumens' },
    ]);
    expect((await edit('lights', { specs: ['lightPosition', 'lumens'] })).status).toBe(200);
    expect(await storefront('?category=lights&spec.lightPosition=front')).toEqual(['Choice lamp']);
  });

  it('when hidden, leave the storefront with their parts, which the admin still lists', async () => {
    const pedal = await addPart('Hidden pedal', 'pedals', { pedalSystem: 'flat' });
    expect(await storefront()).toContain('Hidden pedal');
    const hidden = await edit('pedals', { hidden: true });
    expect(hidden.body.hidden).toBe(true);
    expect((await shown()).map((category) => category.id)).not.toContain('pedals');
    expect(await storefront()).not.toContain('Hidden pedal');
    expect(await storefront('?q=pedal')).not.toContain('Hidden pedal');
    const category = await api.request<ApiErrorBody>('GET', '/parts?category=pedals');
    expect([category.status, category.body.error?.fields]).toEqual([
      422,
      { category: categoryMessages.unknown },
    ]);
    const facets = await api.request<CatalogueFacets>('GET', apiPaths.partFacets({}));
    expect(facets.body.categories.pedals).toBeUndefined();
    // Its product page still answers a link to it (decision 108).
    expect((await api.request('GET', apiPaths.part(pedal))).status).toBe(200);
    const adminPage = await asAdmin<CataloguePart[]>(
      'GET',
      apiPaths.adminPartsMatching({ category: 'pedals' }),
    );
    expect(adminPage.status, JSON.stringify(adminPage.body)).toBe(200);
    expect(adminPage.body.map((part) => part.productName)).toEqual(['Hidden pedal']);
    expect(adminPage.headers.get(TOTAL_COUNT_HEADER)).toBe('1');
    expect((await adminList()).find((each) => each.id === 'pedals')).toMatchObject({
      hidden: true,
      parts: 1,
    });
    await edit('pedals', { hidden: false });
    expect(await storefront()).toContain('Hidden pedal');
  });

  it('cannot be deleted while they have parts: hide it instead', async () => {
    await addPart('Last saddle', 'saddles');
    const refused = await asAdmin('DELETE', apiPaths.adminCategory('saddles'));
    expect([refused.status, refused.body.error?.message]).toEqual([
      409,
      'Saddles still has 1 part: hide it instead',
    ]);
    const fallback = await asAdmin('DELETE', apiPaths.adminCategory('accessories'));
    expect([fallback.status, fallback.body.error?.message]).toEqual([
      409,
      categoryMessages.keepsDefault('Accessories'),
    ]);
    expect(names(await shown())).toContain('Saddles');
    const added = await add({ name: 'Gone soon' });
    const deleted = await asAdmin('DELETE', apiPaths.adminCategory(added.body.id));
    expect(deleted.status).toBe(200);
    expect(names(await shown())).not.toContain('Gone soon');
    const audit = await asAdmin<AuditEntry[]>('GET', '/admin/audit?kind=category.removed');
    expect(audit.body[0]).toMatchObject({ targetId: 'gone-soon', targetName: 'Gone soon' });
  });
});
