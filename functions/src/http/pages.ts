/**
 * The public pages rendered on the server (docs/decisions/040): Hosting sends the addresses in
 * RENDERED_PAGES to the `api` function, which answers with the web app's page already rendered
 * with its data, so a visitor sees the shop before its JavaScript has loaded. The renderer is the
 * web build's `entry-server.js` (web/src/entry-server.tsx), which functions/build.mjs copies into
 * lib/pages/ with the built app.html; it asks the API for its data in process, through the app's
 * own routes. A page it cannot render is answered with app.html as Hosting serves it, for the
 * browser to render.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';

/** The paths Hosting rewrites to the function for a rendered page (firebase.json). */
export const RENDERED_PAGES: readonly string[] = ['/', '/parts'];

/** Whether a request's URL (path and query) is one of the rendered pages. */
export function isRenderedPage(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return RENDERED_PAGES.includes(path);
}

/**
 * The web build's hashed files, which the function serves too (docs/decisions/053): Hosting sends
 * it an `/assets/` address only when it does not have the file, as in the minutes between the
 * functions' rollout and Hosting's, when a page this function rendered names scripts of its own
 * build that Hosting does not serve yet.
 */
const ASSET_PATH = /^\/assets\/([\w.-]+)$/;

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Whether a request's URL names one of the web build's hashed files. */
export function isPageAsset(url: string): boolean {
  return ASSET_PATH.test(url.split('?', 1)[0] ?? '');
}

/** The web build's renderer module (web/src/entry-server.tsx). */
interface PageRendererModule {
  renderPage(url: string, template: string): Promise<{ status: number; html: string } | undefined>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

/** The origin the renderer's API requests are given: they never leave the process. */
const IN_PROCESS = 'http://pages.internal';

type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Where the web build's files are: the renderer module, the built app.html and, when the
 * function serves them, the folder of its hashed assets.
 */
export interface PageFiles {
  renderer: URL;
  page: URL;
  assets?: URL;
}

/** Where functions/build.mjs puts them: lib/pages/ beside the bundled functions. */
export const bundledPageFiles = (lib: URL): PageFiles => ({
  renderer: new URL('pages/entry-server.js', lib),
  page: new URL('pages/app.html', lib),
  assets: new URL('pages/assets/', lib),
});

/** One of the web build's hashed files, kept for a year as Hosting keeps them (firebase.json). */
async function serveAsset(folder: URL | undefined, req: IncomingMessage, res: ServerResponse) {
  const name = ASSET_PATH.exec((req.url ?? '').split('?', 1)[0] ?? '')?.[1];
  const body =
    folder && name ? await readFile(new URL(name, folder)).catch(() => undefined) : undefined;
  if (!name || !body) {
    res.writeHead(404, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': ASSET_TYPES[extname(name)] ?? 'application/octet-stream',
    'content-length': String(body.length),
    'cache-control': 'public, max-age=31536000, immutable',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A listener for the rendered pages, with the renderer and app.html read on the first page; a
 * failed load is tried again on the next.
 */
/** What the pages need of the API: to call it in process, and how long its answers may be kept. */
export interface PagesApi {
  fetch(request: Request): Response | Promise<Response>;
  fastReads: { cacheControl: string };
}

export function pageListener(app: PagesApi, files: PageFiles): Listener {
  let loading: Promise<{ module: PageRendererModule; template: string }> | undefined;
  const load = () =>
    (loading ??= (async () => {
      const template = await readFile(files.page, 'utf8');
      const module = (await import(files.renderer.href)) as PageRendererModule;
      module.setApiTransport(async (url, init) =>
        app.fetch(new Request(new URL(url, IN_PROCESS), init)),
      );
      return { module, template };
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  return async (req, res) => {
    if (isPageAsset(req.url ?? '')) {
      await serveAsset(files.assets, req, res);
      return;
    }
    let renderer: { module: PageRendererModule; template: string };
    try {
      renderer = await load();
    } catch (error) {
      console.error('The page renderer could not load:', error);
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' });
      res.end('The shop could not start. Please try again in a moment.');
      return;
    }
    let page: { status: number; html: string } | undefined;
    try {
      page = await renderer.module.renderPage(`${IN_PROCESS}${req.url ?? '/'}`, renderer.template);
    } catch (error) {
      // The browser renders it instead, as it does every page Hosting serves itself.
      console.error(`Rendering ${req.url} failed:`, error);
    }
    const body = Buffer.from(page?.html ?? renderer.template);
    res.writeHead(page?.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(body.length),
      // As the public reads it is made of: a CDN may keep it as long as they.
      'cache-control': app.fastReads.cacheControl,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** Whether the pages' listener answers this URL: a rendered page or one of the build's assets. */
export const servedByPages = (url: string): boolean => isRenderedPage(url) || isPageAsset(url);

/** The API's listener with the pages in front (GET and HEAD of RENDERED_PAGES and the assets). */
export const withRenderedPages =
  (api: (req: IncomingMessage, res: ServerResponse) => unknown, pages: Listener) =>
  (req: IncomingMessage, res: ServerResponse) =>
    (req.method === 'GET' || req.method === 'HEAD') && servedByPages(req.url ?? '')
      ? pages(req, res)
      : api(req, res);
