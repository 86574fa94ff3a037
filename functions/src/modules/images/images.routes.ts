import {
  apiPaths,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadMessages,
  type ImageUploadResult,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { adminAct } from '../audit/audit-log.js';
import { FILE_CACHE_CONTROL } from '../../files/port.js';
import { rawBodyLimit } from '../../http/raw-body-limit.js';
import { readFile, uploadImage } from './images.service.js';

/** The upload's path: a POST whose body is not JSON, with a limit of its own (app.ts). */
export const IMAGE_UPLOAD_PATH = apiPaths.partImages();

export function imagesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      IMAGE_UPLOAD_PATH,
      ...adminOnly(deps),
      ...rawBodyLimit(IMAGE_UPLOAD_MAX_BYTES, imageUploadMessages.tooLarge),
      async (c) => {
        // The raw bytes, whatever the Content-Type says: the type is read from the bytes.
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        const uploaded = await uploadImage(deps, bytes, adminAct(c, deps.clock));
        return c.json(uploaded satisfies ImageUploadResult, 201);
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
