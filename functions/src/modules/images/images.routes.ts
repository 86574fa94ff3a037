import {
  apiPaths,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadMessages,
  type ImageUploadResult,
} from '@sprocket/contract';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/auth.js';
import { errorBody } from '../../http/errors.js';
import { FILE_CACHE_CONTROL } from '../../files/port.js';
import { readFile, uploadImage } from './images.service.js';

/** The upload's path: the one POST whose body is not JSON, with a limit of its own (app.ts). */
export const IMAGE_UPLOAD_PATH = apiPaths.partImages();

export function imagesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      IMAGE_UPLOAD_PATH,
      ...adminOnly(deps),
      bodyLimit({
        maxSize: IMAGE_UPLOAD_MAX_BYTES,
        // Refused by its Content-Length before a byte is read, or as soon as the stream passes the
        // limit; the rest is never read, so the connection cannot carry another request.
        onError: (c) =>
          c.json(errorBody('payload_too_large', imageUploadMessages.tooLarge), 413, {
            connection: 'close',
          }),
      }),
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
