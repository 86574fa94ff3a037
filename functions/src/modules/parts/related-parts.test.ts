/**
 * GET /parts/{id}/related (issue 35 item 7, docs/decisions/106): the parts a product page offers
 * beside its part, whole as the catalogue answers them, so the page draws them as cards.
 */
import { apiPaths, type RelatedParts } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from '../../testing/api-harness.js';

let api: Harness;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi();
  const parts = {
    cassette: { category: 'drivetrain', specs: { speeds: 11, freehub: 'hg' } },
    chain: { category: 'drivetrain', specs: { speeds: 11 } },
    otherCassette: { category: 'drivetrain', specs: { speeds: 12, freehub: 'microspline' } },
    hub: { category: 'wheels-and-tyres', specs: { freehub: 'hg', brakeType: 'disc' } },
    saddle: { category: 'saddles', specs: { saddleWidth: 145 } },
  };
  for (const [name, fields] of Object.entries(parts)) {
    ids[name] = await api.addPart({ ...fields, productName: `Related ${name}` });
  }
});
afterAll(async () => {
  await api?.close();
});

const related = (id: string) => api.request<RelatedParts>('GET', apiPaths.relatedParts(id));

describe('GET /parts/{id}/related', () => {
  it('answers the parts that fit and the related ones, as the catalogue shows them', async () => {
    const { status, body, headers } = await related(ids.cassette!);
    expect(status).toBe(200);
    expect(body.fits.map((part) => part.productName)).toEqual(['Related chain', 'Related hub']);
    // The chain fits it, so it is not also among the related: another cassette is.
    expect(body.related.map((part) => part.productName)).toEqual(['Related otherCassette']);
    // Whole cards: price, stock, pictures and rating, as GET /parts/{id} answers them.
    const chain = await api.request('GET', apiPaths.part(ids.chain!));
    expect(body.fits[0]).toEqual(chain.body);
    // Cached as the part itself is (public, for the shop's max age).
    expect(headers.get('cache-control')).toBe(chain.headers.get('cache-control'));
  });

  it('a part with nothing beside it answers two empty lists', async () => {
    expect((await related(ids.saddle!)).body).toEqual({ fits: [], related: [] });
  });

  it('a part that is not in the catalogue is not found', async () => {
    const { status, body } = await related('no-such-part');
    expect(status).toBe(404);
    expect(body).toEqual((await api.request('GET', apiPaths.part('no-such-part'))).body);
  });
});
