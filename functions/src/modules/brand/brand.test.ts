/**
 * The shop's brand (issue 36 item 1, docs/decisions/104) over HTTP: anyone reads it, with the web
 * manifest and the icons made from it; admins save it and upload a logo, refused in plain words
 * with nothing saved (a pale accent, a link to the wrong site, a logo too large or not an image);
 * each change is in the audit log a line a field; the customers' mails are signed with it. Runs
 * on SQLite and, with SPROCKET_TEST_STORE=firestore, on Firestore.
 */
import {
  apiPaths,
  auditLines,
  BRAND_DEFAULTS,
  brandMessages,
  LOGO_MAX_BYTES,
  orderNumber,
  type ApiErrorBody,
  type AuditEntry,
  type BrandLogo,
  type BrandSettings,
  type InsertResult,
  type Mail,
} from '@sprocket/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [admin, customer] = await Promise.all([api.admin(), api.customer('brand')]);
});
afterAll(async () => {
  await api?.close();
});

const veloNord: BrandSettings = {
  name: 'Velo Nord',
  accent: '#1565c0',
  logo: null,
  email: 'hello@velonord.example',
  phone: '+47 22 33 44 55',
  address: 'Storgata 1, 0155 Oslo',
  social: {
    instagram: 'https://www.instagram.com/velonord',
    facebook: '',
    x: '',
    youtube: '',
    strava: 'https://www.strava.com/clubs/velonord',
  },
};

type Answer = BrandSettings & ApiErrorBody;
const saveBrand = (json: unknown, token: string | null = admin.token) =>
  api.request<Answer>('PUT', apiPaths.adminBrand(), { token: token ?? undefined, json });
const readBrand = async () => (await api.request<BrandSettings>('GET', apiPaths.brand())).body;

async function uploadLogo(body: Uint8Array, token = admin.token) {
  const response = await fetch(`${api.url}/api${apiPaths.adminBrandLogo()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body,
  });
  return { status: response.status, body: (await response.json()) as BrandLogo & ApiErrorBody };
}

const logoOf = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: '#1565c0' } })
      .png()
      .toBuffer(),
  );

describe("the shop's brand", () => {
  it('is the defaults until the owner saves one, with the default icon and a manifest naming it', async () => {
    expect(await readBrand()).toEqual(BRAND_DEFAULTS);
    const icon = await fetch(`${api.url}/api${apiPaths.brandIcon(32)}`, { redirect: 'manual' });
    expect(icon.status).toBe(302);
    expect(icon.headers.get('location')).toBe('/brand-icons/32.png');
    expect((await fetch(`${api.url}/api${apiPaths.brandIcon(33)}`)).status).toBe(404);
    const manifest = await fetch(`${api.url}/api${apiPaths.brandManifest()}`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({
      name: BRAND_DEFAULTS.name,
      start_url: '/',
      icons: [
        { src: '/brand-icons/192.png', sizes: '192x192', type: 'image/png' },
        { src: '/brand-icons/512.png', sizes: '512x512', type: 'image/png' },
      ],
    });
  });

  it('is saved by admins only', async () => {
    expect((await saveBrand(veloNord, null)).status).toBe(401);
    expect((await saveBrand(veloNord, customer.token)).status).toBe(403);
  });

  it('refuses bad settings field by field, in plain words, and keeps what it had', async () => {
    const before = await readBrand();
    const refused = await saveBrand({
      ...veloNord,
      name: ' ',
      accent: '#fafafa',
      email: 'not an address',
      phone: 'call us',
      social: { ...veloNord.social, instagram: 'https://www.facebook.com/velonord' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({
      name: brandMessages.nameRequired,
      accent: brandMessages.accentTooPale('#fafafa'),
      email: brandMessages.emailInvalid,
      phone: brandMessages.phoneInvalid,
      'social.instagram': brandMessages.socialInvalid('instagram'),
    });
    expect(refused.body.error.fields?.accent).toMatch(
      /^#fafafa is too pale: .* \(1:1, at least 2:1\)\. Try #[0-9a-f]{6}$/,
    );
    const malformed = await saveBrand({ ...veloNord, accent: 'blue' });
    expect(malformed.body.error.fields).toEqual({ accent: brandMessages.accentPattern });
    expect(await readBrand()).toEqual(before);
  });

  it('is read by anyone once saved, and the change is in the audit log a line a field', async () => {
    const saved = await saveBrand({ ...veloNord, accent: '#1565C0' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(veloNord);
    expect(await readBrand()).toEqual(veloNord);

    await saveBrand({ ...veloNord, social: { ...veloNord.social, strava: '' } });
    const audit = await api.request<AuditEntry[]>(
      'GET',
      apiPaths.adminAudit({ kind: 'brand.changed', pageSize: 10 }),
      { token: admin.token },
    );
    const [latest] = audit.body;
    expect(latest).toMatchObject({ targetId: 'brand', targetName: 'Brand', byEmail: admin.email });
    expect(auditLines(latest!)).toEqual([
      {
        label: 'Social links › Strava',
        before: { text: veloNord.social.strava },
        after: { text: '' },
      },
    ]);
  });

  it('takes a logo, made into a copy for the pages and square icons, shown once saved', async () => {
    const uploaded = await uploadLogo(await logoOf(1600, 800));
    expect(uploaded.status).toBe(201);
    const logo = uploaded.body;
    expect(logo).toMatchObject({ width: 512, height: 256 });
    expect(Object.keys(logo.icons)).toEqual(['32', '180', '192', '512']);
    for (const [size, url] of Object.entries(logo.icons)) {
      const file = await fetch(`${api.url}${url}`);
      expect(file.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(new Uint8Array(await file.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([Number(size), Number(size)]);
    }
    expect((await saveBrand({ ...veloNord, logo })).status).toBe(200);
    expect((await readBrand()).logo).toEqual(logo);
    const icon = await fetch(`${api.url}/api${apiPaths.brandIcon(180)}`, { redirect: 'manual' });
    expect(icon.headers.get('location')).toBe(logo.icons['180']);
    const manifest = (await (await fetch(`${api.url}/api${apiPaths.brandManifest()}`)).json()) as {
      name: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toBe('Velo Nord');
    expect(manifest.icons).toEqual([
      expect.objectContaining({ src: logo.icons['192'], sizes: '192x192' }),
      expect.objectContaining({ src: logo.icons['512'], sizes: '512x512' }),
    ]);
  });

  it('refuses a logo over the limit, or a file that is not an image, and keeps the brand', async () => {
    const before = await readBrand();
    const tooLarge = await uploadLogo(new Uint8Array(LOGO_MAX_BYTES + 1));
    expect(tooLarge).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'The logo must be at most 1 MB' } },
    });
    const text = await uploadLogo(new TextEncoder().encode('not a picture, named logo.png'));
    expect(text).toMatchObject({
      status: 415,
      body: { error: { message: brandMessages.logoWrongType } },
    });
    expect((await uploadLogo(await logoOf(64, 64), customer.token)).status).toBe(403);
    expect(await readBrand()).toEqual(before);
  });

  it("signs the customers' mails with the shop's name and contact details", async () => {
    await saveBrand(veloNord);
    const partId = await api.addPart({ productName: 'Chain 11s', price: 2599, order: 1 });
    const placed = await api.request<InsertResult>('POST', '/checkout', {
      token: customer.token,
      json: {
        items: [{ partId, quantity: 1 }],
        address: '1 Road',
        number: '5550100',
        country: 'US',
      },
    });
    expect(placed.status).toBe(201);
    const mails = (await api.request<Mail[]>('GET', '/mail', { token: admin.token })).body;
    const mail = mails.find(
      (each) => each.about === placed.body.insertedId && each.kind === 'order_placed',
    );
    expect(mail?.message.subject).toBe(
      `Velo Nord: we have your order ${orderNumber(placed.body.insertedId)}`,
    );
    expect(mail?.message.text).toMatch(
      /\n\nVelo Nord\nhello@velonord\.example · \+47 22 33 44 55\nStorgata 1, 0155 Oslo$/,
    );
    expect(mail?.message.html).toContain(
      '<p>Velo Nord<br>hello@velonord.example · +47 22 33 44 55<br>Storgata 1, 0155 Oslo</p>',
    );
  });
});
