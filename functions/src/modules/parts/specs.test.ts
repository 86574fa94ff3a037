/**
 * What a part fits (issue 25 item 2, docs/decisions/067): specs written through POST/PATCH
 * /parts, checked against the category's (contract/src/parts/specs.ts), and GET /parts filtered
 * by them with the other filters, search, sort and paging, through the route and the fast reads
 * alike. Runs on SQLite, and on Firestore with SPROCKET_TEST_STORE.
 */
import {
  apiPaths,
  TOTAL_COUNT_HEADER,
  type ApiErrorBody,
  type CataloguePart,
  type InsertResult,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
const ids: Record<string, string> = {};

/** A snapshot kept a minute: a repeated query is answered by the fast reads (fast-reads.ts). */
const MAX_AGE_SECONDS = 60;

const part = (productName: string, category: string, price: number, specs?: object) => ({
  productName,
  img: '/parts/test.svg',
  order: 1,
  quantity: 5,
  price,
  description: `${productName}, a part for the spec tests.`,
  category,
  ...(specs && { specs }),
});

async function add(body: object): Promise<string> {
  const added = await api.request<InsertResult>('POST', '/parts', {
    token: admin.token,
    json: body,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.insertedId;
}

beforeAll(async () => {
  api = await startApi({ env: { SHOP_CACHE_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS) } });
  admin = await api.admin();
  ids.chain12 = await add(part('Chain twelve', 'drivetrain', 4000, { speeds: 12 }));
  ids.chain11 = await add(part('Chain eleven', 'drivetrain', 3000, { speeds: '11' }));
  ids.cassette12 = await add(
    part('Cassette twelve', 'drivetrain', 9000, { speeds: 12, freehub: 'xd' }),
  );
  ids.tyre = await add(part('Road tyre', 'wheels-and-tyres', 5000, { wheelSize: '700c' }));
  ids.hub = await add(
    part('Boost hub', 'wheels-and-tyres', 12000, { axle: 'boost-12x148', wheelSize: '29' }),
  );
  ids.plain = await add(part('Plain bell', 'accessories', 900));
});
afterAll(async () => {
  await api?.close();
});

/** The names a catalogue query answers, asked twice: the route, then the fast reads. */
async function names(search: string): Promise<{ names: string[]; total: string | null }> {
  const first = await api.request<CataloguePart[]>('GET', `/parts${search}`);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const again = await api.request<CataloguePart[]>('GET', `/parts${search}`);
  expect(again.body).toEqual(first.body);
  return {
    names: first.body.map((found) => found.productName),
    total: first.headers.get(TOTAL_COUNT_HEADER),
  };
}

describe("a part's specs", () => {
  it('are stored as the category defines them and answered with the part, {} when none', async () => {
    const chain = (await api.request<CataloguePart>('GET', `/parts/${ids.chain11}`)).body;
    expect(chain.specs).toEqual({ speeds: 11 });
    const bell = (await api.request<CataloguePart>('GET', `/parts/${ids.plain}`)).body;
    expect(bell.specs).toEqual({});
    const all = (await api.request<CataloguePart[]>('GET', '/parts')).body;
    expect(all.find((found) => found._id === ids.hub)?.specs).toEqual({
      axle: 'boost-12x148',
      wheelSize: '29',
    });
  });

  it('refuses specs its category does not have, or values a spec does not allow, naming each', async () => {
    const refused = await api.request<ApiErrorBody>('POST', '/parts', {
      token: admin.token,
      json: part('Odd brake', 'brakes', 1000, { speeds: 12, brakeMount: 'glued', rotorSize: 99 }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({
      'specs.speeds':
        'Brakes have these specifications: brakeType, brakeMount, rotorMount, rotorSize',
      'specs.brakeMount': 'Brake mount is one of: flat-mount, post-mount, is, rim',
      'specs.rotorSize': 'Rotor size is a whole number from 120 to 230',
    });
    const notObject = await api.request<ApiErrorBody>('POST', '/parts', {
      token: admin.token,
      json: part('Odd chain', 'drivetrain', 1000, ['speeds'] as unknown as object),
    });
    expect(notObject.status).toBe(422);
    expect(notObject.body.error.fields).toMatchObject({ specs: expect.stringContaining('object') });
    // A part of the original API, with no category, is an accessory: no specs.
    const original = await api.request<ApiErrorBody>('POST', '/parts', {
      token: admin.token,
      json: { ...part('Old client part', 'accessories', 500, { speeds: 9 }), category: undefined },
    });
    expect(original.body.error.fields).toEqual({
      'specs.speeds': 'Accessories have no specifications',
    });
  });

  it('are replaced by PATCH, checked against the stored category, and follow a category change', async () => {
    const id = await add(part('Edited chain', 'drivetrain', 2000, { speeds: 10 }));
    const patch = (json: object) =>
      api.request<ApiErrorBody>('PATCH', `/parts/${id}`, { token: admin.token, json });
    expect((await patch({ specs: { speeds: 9, bottomBracket: 'bsa' } })).status).toBe(200);
    expect((await api.request<CataloguePart>('GET', `/parts/${id}`)).body.specs).toEqual({
      speeds: 9,
      bottomBracket: 'bsa',
    });
    const wrong = await patch({ specs: { wheelSize: '700c' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({
      'specs.wheelSize': 'Drivetrain have these specifications: speeds, freehub, bottomBracket',
    });
    // To Wheels and tyres without new specs: those the new category lacks go.
    expect((await patch({ category: 'wheels-and-tyres' })).status).toBe(200);
    expect((await api.request<CataloguePart>('GET', `/parts/${id}`)).body.specs).toEqual({});
    expect((await patch({ category: 'drivetrain', specs: { speeds: '13' } })).status).toBe(200);
    expect((await api.request<CataloguePart>('GET', `/parts/${id}`)).body.specs).toEqual({
      speeds: 13,
    });
    expect((await patch({ specs: {} })).status).toBe(200);
    expect((await api.request<CataloguePart>('GET', `/parts/${id}`)).body.specs).toEqual({});
    await api.request('DELETE', `/parts/${id}`, { token: admin.token });
  });
});

describe('the catalogue in bulk', () => {
  it("writes specs into the CSV, and an import that changes a part's price keeps them", async () => {
    const csv = (method: string, path: string, body?: string) =>
      fetch(`${api.url}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${admin.token}`,
          ...(body !== undefined && { 'content-type': 'text/csv' }),
        },
        body,
      });
    const exported = await (await csv('GET', apiPaths.partsCsv())).text();
    const [header, ...rows] = exported.trim().split(/\r?\n/);
    expect(header).toContain('specs');
    const row = rows.find((line) => line.startsWith(`${ids.chain11},`))!;
    expect(row).toContain(',speeds: 11,');
    const repriced = row.replace(',30.00,', ',31.00,');
    expect(repriced).not.toBe(row);
    const imported = await csv('POST', apiPaths.importParts(), `${header}\n${repriced}\n`);
    expect(imported.status, await imported.clone().text()).toBe(200);
    const chain = (await api.request<CataloguePart>('GET', `/parts/${ids.chain11}`)).body;
    expect(chain).toMatchObject({ price: 3100, specs: { speeds: 11 } });
  });
});

describe('GET /parts filtered by specs', () => {
  it('finds the parts with any of the values asked, repeated or comma-separated', async () => {
    expect((await names('?spec.speeds=12')).names).toEqual(['Chain twelve', 'Cassette twelve']);
    const either = ['Chain twelve', 'Chain eleven', 'Cassette twelve'];
    expect((await names('?spec.speeds=11&spec.speeds=12')).names).toEqual(either);
    expect((await names('?spec.speeds=12,11')).names).toEqual(either);
    expect((await names('?spec.wheelSize=29')).names).toEqual(['Boost hub']);
  });

  it('combines them with each other, the category, prices, search, sort and pages', async () => {
    expect((await names('?category=drivetrain&spec.speeds=12&spec.freehub=xd')).names).toEqual([
      'Cassette twelve',
    ]);
    expect((await names('?spec.speeds=12&maxPrice=5000')).names).toEqual(['Chain twelve']);
    expect((await names('?q=chain&spec.speeds=11')).names).toEqual(['Chain eleven']);
    expect((await names('?spec.speeds=11,12&sort=-price')).names).toEqual([
      'Cassette twelve',
      'Chain twelve',
      'Chain eleven',
    ]);
    expect(await names('?spec.speeds=11,12&sort=price&page=2&pageSize=2')).toEqual({
      names: ['Cassette twelve'],
      total: '3',
    });
    expect((await names('?spec.wheelSize=700c&spec.axle=boost-12x148')).names).toEqual([]);
  });

  it('refuses a spec the shop does not know, one the category lacks, and a value not allowed', async () => {
    const refusal = async (search: string) => {
      const answer = await api.request<ApiErrorBody>('GET', `/parts${search}`);
      expect(answer.status).toBe(422);
      return answer.body.error.fields;
    };
    expect(await refusal('?spec.colour=red')).toEqual({
      'spec.colour': expect.stringMatching(/^Filter by a specification the shop knows: speeds, /),
    });
    expect(await refusal('?category=brakes&spec.speeds=12')).toEqual({
      'spec.speeds':
        'Brakes have these specifications: brakeType, brakeMount, rotorMount, rotorSize',
    });
    expect(await refusal('?spec.speeds=14')).toEqual({
      'spec.speeds': 'Speeds is a whole number from 1 to 13',
    });
    expect(await refusal('?spec.wheelSize=28')).toEqual({
      'spec.wheelSize': 'Wheel size is one of: 700c, 650b, 29, 27.5, 26',
    });
  });

  it('shows a write at once: a part given specs is found by them', async () => {
    expect((await names('?spec.wheelSize=650b')).names).toEqual([]);
    await api.request('PATCH', `/parts/${ids.tyre}`, {
      token: admin.token,
      json: { specs: { wheelSize: '650b' } },
    });
    expect((await names('?spec.wheelSize=650b')).names).toEqual(['Road tyre']);
  });
});
