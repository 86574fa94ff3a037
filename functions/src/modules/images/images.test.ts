import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  type ApiErrorBody,
  type ImageUploadResult,
  type InsertResult,
} from '@sprocket/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;

/** A real picture that decodes: `width` × `height` of one colour, in `format`. */
async function pictureOf(
  format: 'png' | 'jpeg' | 'webp',
  width = 64,
  height = 48,
  colour = '#3a7',
): Promise<Uint8Array<ArrayBuffer>> {
  const made = sharp({ create: { width, height, channels: 3, background: colour } });
  return new Uint8Array(await made.toFormat(format).toBuffer());
}
let realPng: Uint8Array<ArrayBuffer>;
let realJpeg: Uint8Array<ArrayBuffer>;
let realWebp: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  [realPng, realJpeg, realWebp] = await Promise.all([
    pictureOf('png'),
    pictureOf('jpeg'),
    pictureOf('webp'),
  ]);
  api = await startApi();
  [customer, admin] = await Promise.all([api.customer(), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

/** A file of `size` bytes that begins with `signature` (the rest is filler). */
function fileOf(signature: readonly number[], size = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(0x2a);
  bytes.set(signature);
  return bytes;
}
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
/** The signature and the IHDR chunk's start: a PNG that says it is `width` × `height`. */
const pngHeader = (width: number, height: number) => [
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  ...[0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  ...be32(width),
  ...be32(height),
];
const PNG = pngHeader(64, 48);
// The signature, then a baseline frame (SOF0) of 64 × 48.
const JPEG = [0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 48, 0x00, 64];
// "RIFF", a length, "WEBP", then an extended header (VP8X) of 64 × 48.
const webpHeader = (width: number, height: number) => [
  ...[0x52, 0x49, 0x46, 0x46, 0x38, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  ...[0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0, 0, 0, 0],
  ...le24(width - 1),
  ...le24(height - 1),
];
const WEBP = webpHeader(64, 48);

interface Upload {
  body?: RequestInit['body'];
  token?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

async function upload({ body, token = admin.token, contentType, headers = {} }: Upload) {
  const response = await fetch(`${api.url}/api/parts/images`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(contentType ? { 'content-type': contentType } : {}),
      ...headers,
    },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as unknown };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('POST /parts/images', () => {
  it.each([
    ['a PNG', pngHeader(10_000, 5_000)],
    ['a WebP', webpHeader(16_383, 16_383)],
  ])(
    'refuses %s that declares more than 40 megapixels (422), however small the file',
    async (_kind, header) => {
      const refused = await upload({ body: fileOf(header, 200), contentType: 'image/png' });
      expect(refused).toEqual({
        status: 422,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The image must be at most 40 megapixels',
            fields: { image: 'The image must be at most 40 megapixels' },
          },
        },
      });
    },
  );

  it('accepts 40 megapixels exactly, and refuses a header it cannot read', async () => {
    const fortyMegapixels = await pictureOf('png', 8_000, 5_000);
    const accepted = await upload({ body: fortyMegapixels, contentType: 'image/png' });
    expect(accepted.status).toBe(201);
    expect((accepted.body as ImageUploadResult).renditions.map((copy) => copy.width)).toEqual([
      320, 640, 1280,
    ]);
    const unreadable = await upload({
      body: fileOf([0xff, 0xd8, 0xff, 0xe0]),
      contentType: 'image/jpeg',
    });
    expect(unreadable.status).toBe(422);
  });

  it.each([
    ['PNG', () => realPng, 'png', 'image/png', 'image/png'],
    ['JPEG', () => realJpeg, 'jpg', 'image/jpeg', 'application/octet-stream'],
    ['WebP', () => realWebp, 'webp', 'image/webp', 'image/png'],
  ])(
    'keeps a %s under its content hash and serves it back (sent as %s)',
    async (_label, picture, extension, type, sentAs) => {
      const file = picture();
      const response = await upload({ body: file, contentType: sentAs });
      const hash = sha256(file);
      // 64 px wide: narrower than the smallest copy, so served as it is.
      expect(response).toEqual({
        status: 201,
        body: { url: `/api/files/${hash}.${extension}`, renditions: [] },
      });
      const served = await fetch(`${api.url}${(response.body as ImageUploadResult).url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(file);
    },
  );

  it('resizes a wide picture to 320 and 640 px, never past its own width', async () => {
    const wide = await pictureOf('jpeg', 1000, 500, '#a33');
    const { body } = await upload({ body: wide, contentType: 'image/jpeg' });
    const { renditions } = body as ImageUploadResult;
    const hash = sha256(wide);
    expect(renditions).toEqual(
      [320, 640].map((width) => ({
        width,
        avif: `/api/files/${hash}-${width}.avif`,
        webp: `/api/files/${hash}-${width}.webp`,
      })),
    );
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
    ] as const) {
      const copy = await fetch(`${api.url}/api/files/${hash}-640.${format}`);
      expect(copy.headers.get('content-type')).toBe(type);
      expect(copy.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const decoded = await sharp(new Uint8Array(await copy.arrayBuffer())).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual([
        format === 'avif' ? 'heif' : 'webp',
        640,
        320,
      ]);
    }
  });

  it.each([
    ['a JPEG', JPEG],
    ['a WebP', WEBP],
  ])(
    'refuses %s whose header reads right but whose picture does not decode (422)',
    async (_kind, header) => {
      expect(await upload({ body: fileOf(header, 300) })).toEqual({
        status: 422,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The image could not be read: save it again as PNG, JPEG or WebP',
            fields: { image: 'The image could not be read: save it again as PNG, JPEG or WebP' },
          },
        },
      });
    },
  );

  it('answers the same URL for the same image uploaded twice', async () => {
    const file = realPng;
    const first = await upload({ body: file, contentType: 'image/png' });
    const second = await upload({ body: file });
    expect(second).toEqual(first);
  });

  it.each([
    ['a text file named .png', new TextEncoder().encode('not really a picture'), 'image/png'],
    ['a GIF', new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 'image/gif'],
    [
      'an SVG',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    ],
    [
      'a RIFF file that is not WebP',
      fileOf([0x52, 0x49, 0x46, 0x46, 8, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]),
      'image/webp',
    ],
    ['half a PNG signature', new Uint8Array(PNG.slice(0, 4)), 'image/png'],
  ])('refuses %s with 415, whatever its Content-Type says', async (_label, body, contentType) => {
    expect(await upload({ body, contentType })).toEqual({
      status: 415,
      body: {
        error: { code: 'unsupported_media_type', message: 'Upload a PNG, JPEG or WebP image' },
      } satisfies ApiErrorBody,
    });
  });

  it('refuses an empty body with 400', async () => {
    expect(await upload({ body: new Uint8Array(0), contentType: 'image/png' })).toMatchObject({
      status: 400,
      body: { error: { code: 'bad_request', message: 'The file is empty' } },
    });
  });

  it('takes an image of exactly 2 MB (far over the 64 KiB limit of JSON bodies)', async () => {
    // A real JPEG, then filler after its end to make it 2 MB (a decoder stops at the end).
    const file = new Uint8Array(IMAGE_UPLOAD_MAX_BYTES);
    file.set(realJpeg);
    expect(await upload({ body: file, contentType: 'image/jpeg' })).toMatchObject({
      status: 201,
      body: { url: `/api/files/${sha256(file)}.jpg` },
    });
  });

  it('refuses one byte more with 413, by its Content-Length', async () => {
    expect(
      await upload({ body: fileOf(PNG, IMAGE_UPLOAD_MAX_BYTES + 1), contentType: 'image/png' }),
    ).toEqual({
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'The image must be at most 2 MB' } },
    });
  });

  it('reads an oversized image before its 413, so 5 of them leave the connection to an upload', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<Socket>();
    const send = (body: Uint8Array) =>
      new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const req = request(`${api.url}/api/parts/images`, {
          method: 'POST',
          agent,
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/png' },
        });
        req.on('socket', (socket) => sockets.add(socket));
        req.on('error', reject);
        req.on('response', (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
          );
        });
        req.end(body);
      });
    try {
      for (let i = 0; i < 5; i += 1) {
        const refused = await send(fileOf(PNG, IMAGE_UPLOAD_MAX_BYTES * 2));
        expect(refused).toEqual({ status: 413, connection: 'keep-alive' });
      }
      expect((await send(realPng)).status).toBe(201);
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('refuses an oversized image sent in chunks without a length, as soon as it passes 2 MB', async () => {
    const chunk = fileOf(PNG, 256 * 1024);
    // node:http rather than fetch: the server answers and closes while the client is still
    // sending, and the client's next write then fails (EPIPE) after the answer has come. On a
    // busy machine the reset can reach the client before the answer does, which is then lost (as
    // it would be for any client): what the server did still shows, it stopped reading early.
    const outcome = await new Promise<
      { answer: { status: number; body: unknown }; sent: number } | { cutOff: true; sent: number }
    >((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = request(`${api.url}/api/parts/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/png' },
      });
      req.on('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (data: Buffer) => chunks.push(data));
        res.on('end', () =>
          resolve({
            answer: {
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString()) as unknown,
            },
            sent,
          }),
        );
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ cutOff: true, sent });
        else reject(error);
      });
      // Far more than the limit, a chunk at a time: the server stops reading long before the end.
      const sendMore = () => {
        while (sent < 64 && !answered && !req.destroyed) {
          sent += 1;
          if (!req.write(chunk)) return void req.once('drain', sendMore);
        }
        if (!req.destroyed) req.end();
      };
      sendMore();
    });
    if ('answer' in outcome) {
      expect(outcome.answer).toMatchObject({
        status: 413,
        body: { error: { code: 'payload_too_large' } },
      });
    }
    expect(outcome.sent).toBeLessThan(64);
  });

  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    const file = fileOf(PNG);
    const signedOut = await fetch(`${api.url}/api/parts/images`, { method: 'POST', body: file });
    expect(signedOut.status).toBe(401);
    expect(await upload({ body: file, token: customer.token })).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden' } },
    });
  });

  it('answers a URL that a new part takes as its image', async () => {
    const uploaded = await upload({ body: realWebp, contentType: 'image/webp' });
    const { url } = uploaded.body as ImageUploadResult;
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: {
        productName: 'Uploaded-image saddle',
        img: url,
        order: 1,
        quantity: 5,
        price: 4999,
        description: 'Its picture was uploaded.',
      },
    });
    expect(added.status).toBe(201);
    const part = await api.request<{ img: string }>('GET', `/parts/${added.body.insertedId}`);
    expect(part.body.img).toBe(`${api.publicUrl}${url}`);
  });
});

describe('GET /files/{name}', () => {
  it.each([
    'missing.png',
    `${'a'.repeat(64)}.png`,
    '..%2F..%2Fpackage.json',
    '..%2Fapi.sqlite',
    'api.sqlite',
    '%2Fetc%2Fpasswd',
    '.hidden.png',
  ])('answers 404 for %s', async (name) => {
    const response = await api.request('GET', `/files/${name}`);
    expect(response).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });
});

describe('an upload on a full disk', () => {
  it('answers 503 with Retry-After, and the next upload with room goes through', async () => {
    const full = await startApi({ writeFile: (_path, bytes) => writeFile('/dev/full', bytes) });
    try {
      const fullAdmin = await full.admin();
      const response = await fetch(`${full.url}/api/parts/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fullAdmin.token}`, 'content-type': 'image/png' },
        body: realPng,
      });
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await full.close();
    }
  });
});
