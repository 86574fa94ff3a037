/**
 * A part's pictures (issue 36 item 3, docs/decisions/096): an ordered list with alt texts and
 * the resized copies of their uploads; the first is the original API's `img`, and a client that
 * sends `img` alone still works. Refusals name the field and change nothing.
 */
import {
  apiPaths,
  PICTURES_MAX,
  type AuditEntry,
  type CataloguePart,
  type ImageUploadResult,
  type InsertResult,
  type PartPicture,
} from '@sprocket/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
let uploaded: ImageUploadResult;

beforeAll(async () => {
  api = await startApi();
  admin = await api.admin();
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#c84' },
  })
    .jpeg()
    .toBuffer();
  const response = await fetch(`${api.url}/api${apiPaths.partImages()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(photo),
  });
  uploaded = (await response.json()) as ImageUploadResult;
});
afterAll(async () => {
  await api?.close();
});

const read = async (id: string) => (await api.request<CataloguePart>('GET', `/parts/${id}`)).body;
const edit = (id: string, json: unknown) =>
  api.request('PATCH', `/parts/${id}`, { token: admin.token, json });
const absolute = (path: string) => `${api.publicUrl}${path}`;

const newPart = {
  productName: 'Pictured saddle',
  order: 1,
  quantity: 5,
  price: 4999,
  description: 'Shown from three sides.',
};
const side = { url: '/parts/saddle-side.svg', alt: 'The saddle from the side' };
const top = { url: 'https://cdn.example.com/saddle-top.png', alt: 'The saddle from above' };

async function addPictured(images: PartPicture[]): Promise<string> {
  const added = await api.request<InsertResult>('POST', '/parts', {
    token: admin.token,
    json: { ...newPart, images },
  });
  expect(added.status).toBe(201);
  return added.body.insertedId;
}

describe('a part with several pictures', () => {
  it('keeps them in order with their alt texts and copies; the first is img, on every answer', async () => {
    const front = {
      url: uploaded.url,
      alt: 'The saddle from the front',
      renditions: uploaded.renditions,
    };
    const id = await addPictured([front, side, top]);
    const part = await read(id);
    expect(uploaded.renditions.map((copy) => copy.width)).toEqual([320, 640]);
    expect(part.img).toBe(absolute(uploaded.url));
    expect(part.images).toEqual([
      {
        url: absolute(uploaded.url),
        alt: 'The saddle from the front',
        renditions: uploaded.renditions.map((copy) => ({
          width: copy.width,
          avif: absolute(copy.avif),
          webp: absolute(copy.webp),
        })),
      },
      { url: absolute(side.url), alt: side.alt },
      top,
    ]);
    const listed = await api.request<CataloguePart[]>('GET', '/parts?q=pictured');
    expect(listed.body[0]?.images).toEqual(part.images);
  });

  it('reorders them (an edit sends the list back as it read it), and the new first is img', async () => {
    const id = await addPictured([side, top]);
    const { images } = await read(id);
    expect((await edit(id, { images: [...images].reverse() })).status).toBe(200);
    const part = await read(id);
    expect(part.img).toBe(top.url);
    expect(part.images).toEqual([top, { url: absolute(side.url), alt: side.alt }]);
    const audit = await api.request<AuditEntry[]>(
      'GET',
      apiPaths.adminAudit({ q: 'Pictured saddle', kind: 'part.edited' }),
      { token: admin.token },
    );
    expect(audit.body[0]).toMatchObject({
      targetId: id,
      targetName: 'Pictured saddle',
      // Every answer's img is absolute on the shop's origin (decision 056), the audit's too.
      before: { img: absolute(side.url), images: [side, top] },
      after: { img: top.url, images: [top, side] },
    });
  });

  it('takes the original img alone: a new part gets it as its one picture, an edit as its first', async () => {
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: { ...newPart, productName: 'Old-client bell', img: '/parts/bell.svg' },
    });
    const id = added.body.insertedId;
    expect((await read(id)).images).toEqual([
      { url: absolute('/parts/bell.svg'), alt: 'Old-client bell' },
    ]);

    const pictured = await addPictured([side, top]);
    expect((await edit(pictured, { img: '/parts/saddle-new.svg' })).status).toBe(200);
    const part = await read(pictured);
    expect(part.img).toBe(absolute('/parts/saddle-new.svg'));
    expect(part.images).toEqual([{ url: absolute('/parts/saddle-new.svg'), alt: side.alt }, top]);
  });

  it.each([
    [
      'too many pictures',
      Array.from({ length: PICTURES_MAX + 1 }, (_, index) => ({ ...side, alt: `View ${index}` })),
      { images: `A part has at most ${PICTURES_MAX} pictures` },
    ],
    ['no picture', [], { images: 'Add at least one picture' }],
    [
      'a picture without alt text',
      [side, { url: top.url, alt: '  ' }],
      { 'images[1].alt': 'Describe the picture in a few words (its alt text)' },
    ],
    [
      'alt text past 150 characters',
      [{ ...side, alt: 'x'.repeat(151) }],
      { 'images[0].alt': 'Alt text must be at most 150 characters' },
    ],
    [
      'an address that is not one',
      [{ url: 'javascript:alert(1)', alt: 'A saddle' }],
      { 'images[0].url': 'Image must be a web address or a path on this site' },
    ],
  ])('refuses %s with 422 and keeps the pictures it had', async (_case, images, fields) => {
    const id = await addPictured([side, top]);
    const before = await read(id);
    const refused = await edit(id, { images });
    expect(refused).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_failed', fields } },
    });
    expect(await read(id)).toEqual(before);
    const added = await api.request('POST', '/parts', {
      token: admin.token,
      json: { ...newPart, images },
    });
    expect(added).toMatchObject({ status: 422, body: { error: { fields } } });
  });
});
