import {
  apiPaths,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadMessages,
  type ImageUploadResult,
} from '@sprocket/contract';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../users/access.js';
import { errorBody } from '../../http/errors.js';
import { FILE_CACHE_CONTROL } from '../../files/port.js';
import {
  declaredLength,
  drainRequestBody,
  OVERSIZED_BODY_DRAIN_BYTES,
} from '../../http/request-body.js';
import { readFile, uploadImage } from './images.service.js';

/** The upload's path: the one POST whose body is not JSON, with a limit of its own (app.ts). */
export const IMAGE_UPLOAD_PATH = apiPaths.partImages();

const tooLarge = (c: Context, drained: boolean) =>
  c.json(
    errorBody('payload_too_large', imageUploadMessages.tooLarge),
    413,
    drained ? undefined : { connection: 'close' },
  );

export function imagesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      IMAGE_UPLOAD_PATH,
      ...adminOnly(deps),
      async (c, next) => {
        // Judged by its declared length before a byte is read, and read and dropped (up to a
        // bound) before the 413, so the sender is not cut off mid-write and the connection
        // carries the next request. Hono's bodyLimit would build the body stream first, and
        // what it leaves unread cannot be drained (app.ts does the same for JSON bodies).
        const length = declaredLength(c);
        if (length !== undefined && length > IMAGE_UPLOAD_MAX_BYTES) {
          const drained = await drainRequestBody(c, OVERSIZED_BODY_DRAIN_BYTES);
          return tooLarge(c, drained);
        }
        await next();
      },
      // A body sent in chunks without a length: refused as it passes the limit, half read, so
      // that connection is closed.
      bodyLimit({ maxSize: IMAGE_UPLOAD_MAX_BYTES, onError: (c) => tooLarge(c, false) }),
      async (c) => {
        // The raw bytes, whatever the Content-Type says: the type is read from the bytes.
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        const url = await uploadImage(deps.files, bytes);
        return c.json({ url } satisfies ImageUploadResult, 201);
      },
    )
    .get('/files/:name', async (c) => {
      const file = await readFile(deps.files, c.req.param('name'));
      return c.body(file.bytes, 200, {
        'content-type': file.contentType,
        'cache-control': FILE_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      });
    });
}
