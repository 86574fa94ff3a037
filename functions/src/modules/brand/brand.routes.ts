/**
 * The shop's brand (issue 36 item 1, docs/decisions/104): anyone reads it (every page's header,
 * footer and head), with the web manifest and the icons made from it, kept by the CDN as the
 * catalogue is; admins save it and upload a logo, each audited.
 */
import {
  apiPaths,
  BRAND_ICON_SIZES,
  brandMessages,
  brandSettingsSchema,
  defaultBrandIcon,
  HEADER_BACKGROUND,
  LOGO_MAX_BYTES,
  PAGE_BACKGROUND,
  type BrandLogo,
  type BrandSettings,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { publicCacheControl, publicJson } from '../../http/public-json.js';
import { rawBodyLimit } from '../../http/raw-body-limit.js';
import { validate } from '../../http/validate.js';
import { adminAct } from '../audit/audit-log.js';
import { notFound } from '../errors.js';
import { serializeJson } from '../serialized-json.js';
import { uploadLogo } from './brand-logo.js';
import type { BrandReader } from './brand.service.js';

/** The logo's upload: a POST whose body is an image, with a limit of its own (app.ts). */
export const LOGO_UPLOAD_PATH = apiPaths.adminBrandLogo();

/** The manifest's short name: the name where it fits a phone's home screen, else its first word. */
const shortName = (name: string) => (name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name));

/** The web app manifest (W3C Web Application Manifest) of the shop as its brand says. */
function manifestOf(brand: BrandSettings) {
  const { logo } = brand;
  return {
    name: brand.name,
    short_name: shortName(brand.name).slice(0, 12),
    description: `${brand.name}: bicycle parts`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: PAGE_BACKGROUND,
    theme_color: HEADER_BACKGROUND,
    icons: ([192, 512] as const).map((size) => ({
      src: logo?.icons[size] ?? defaultBrandIcon(size),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
  };
}

export function brandRoutes(deps: AppDeps, brand: BrandReader) {
  const admin = adminOnly(deps);
  const cacheControl = publicCacheControl(deps.config.cacheMaxAgeMs);
  return new Hono<AppEnv>()
    .get('/brand', async (c) =>
      publicJson(c, serializeJson((await brand.get()) satisfies BrandSettings), cacheControl),
    )
    .get('/brand/manifest.webmanifest', async (c) =>
      c.body(JSON.stringify(manifestOf(await brand.get())), 200, {
        'content-type': 'application/manifest+json; charset=UTF-8',
        'cache-control': cacheControl,
      }),
    )
    .get('/brand/icons/:size', async (c) => {
      const size = BRAND_ICON_SIZES.find((each) => `${each}` === c.req.param('size'));
      if (!size) throw notFound('Icon');
      const { logo } = await brand.get();
      c.header('cache-control', cacheControl);
      return c.redirect(logo?.icons[size] ?? defaultBrandIcon(size), 302);
    })
    .put('/admin/brand', ...admin, validate(brandSettingsSchema), async (c) =>
      c.json(
        (await brand.save(
          c.get('body') satisfies BrandSettings,
          adminAct(c, deps.clock),
        )) satisfies BrandSettings,
      ),
    )
    .post(
      LOGO_UPLOAD_PATH,
      ...admin,
      ...rawBodyLimit(LOGO_MAX_BYTES, brandMessages.logoTooLarge),
      async (c) => {
        // The raw bytes, whatever the Content-Type says: the type is read from the bytes.
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        const logo = await uploadLogo(deps, bytes, adminAct(c, deps.clock));
        return c.json(logo satisfies BrandLogo, 201);
      },
    );
}
