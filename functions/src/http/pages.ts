/**
 * The pages rendered on the server (docs/decisions/040, 056): Hosting sends every address but the
 * API's, its own files and BROWSER_PAGES to the `api` function, which answers with the web app's
 * page already rendered with its data (its title, description, canonical URL, link preview and
 * structured data in the head), so a visitor and a crawler see the shop before any JavaScript
 * has run; an address the app does not know is the rendered "GOT LOST ?" page with status 404.
 * The renderer is the web build's `entry-server.js` (web/src/entry-server.tsx), which
 * functions/build.mjs copies into lib/pages/ with the built app.html; it asks the API for its
 * data in process, through the app's own routes. A page it cannot render is answered with
 * app.html, for the browser to render. `/sitemap.xml` and robots.txt (ROBOTS_PATHS) are written
 * here.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { API_BASE, apiPaths, catalogueSearch, type ShopPageSummary } from '@sprocket/contract';

/**
 * The pages the browser renders from app.html, which Hosting serves itself (firebase.json): they
 * show a person's own data or a step of buying, which no crawler and no CDN should keep.
 */
export const BROWSER_PAGES: readonly string[] = [
  '/dashboard',
  '/dashboard/**',
  '/cart',
  '/checkout',
  '/checkout/**',
  '/login',
  '/signup',
  '/purchase/**',
  // A back-in-stock alert's mailed links (docs/decisions/100).
  '/alerts/**',
];

const pathOf = (url: string) => url.split('?', 1)[0] ?? '';

/** Hosting's glob, as firebase.json writes these: an exact path, or a folder and all below. */
const matchesGlob = (path: string, glob: string) =>
  glob.endsWith('/**') ? path.startsWith(glob.slice(0, -2)) : path === glob;

/** Whether a request's URL is one of BROWSER_PAGES. */
export const isBrowserPage = (url: string): boolean =>
  BROWSER_PAGES.some((glob) => matchesGlob(pathOf(url), glob));

const isApiPath = (path: string) => path === API_BASE || path.startsWith(`${API_BASE}/`);

/**
 * The web build's hashed files, which the function serves too (docs/decisions/053): Hosting sends
 * it an `/assets/` address only when it does not have the file, as in the minutes between the
 * functions' rollout and Hosting's, when a page this function rendered names scripts of its own
 * build that Hosting does not serve yet.
 */
const ASSET_PATH = /^\/assets\/([\w.-]+)$/;

/** The content types of the web build's files, as Hosting serves them. */
export const ASSET_TYPES: Record<string, string> = {
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
  return ASSET_PATH.test(pathOf(url));
}

/**
 * Whether the function answers a GET of this URL with a page it renders: every address but the
 * API's, the web build's files and BROWSER_PAGES (an unknown one is the rendered 404 page).
 */
export function isRenderedPage(url: string): boolean {
  const path = pathOf(url);
  return !isApiPath(path) && !isPageAsset(path) && !isBrowserPage(path);
}

/** The web build's renderer module (web/src/entry-server.tsx). */
interface PageRendererModule {
  renderPage(
    url: string,
    template: string,
    site: { origin: string },
  ): Promise<{ status: number; html: string } | undefined>;
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
 * What the pages need of the API: to call it in process, how long its public answers may be
 * kept (the pages are made of them), and the shop's public origin.
 */
export interface PagesApi {
  fetch(request: Request): Response | Promise<Response>;
  fastReads: { cacheControl: string };
  publicUrl: string;
}

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The API's answer to a GET of `path`, in process. */
async function apiRead<T>(app: PagesApi, path: string): Promise<T> {
  const answer = await app.fetch(new Request(`${IN_PROCESS}${API_BASE}${path}`));
  if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}`);
  return (await answer.json()) as T;
}

/**
 * The public addresses a search engine should know: home, All Parts and each category's, every
 * part, the reviews, the blogs and the owner's published pages; nothing personal or
 * transactional (BROWSER_PAGES).
 */
async function sitemap(app: PagesApi): Promise<string> {
  const [parts, pages] = await Promise.all([
    // The storefront's parts: those of hidden categories are left out (docs/decisions/108).
    apiRead<{ _id: string; category: string }[]>(app, apiPaths.parts()),
    apiRead<ShopPageSummary[]>(app, apiPaths.pages()),
  ]);
  const categories = [...new Set(parts.map((part) => part.category))].sort();
  const paths = [
    '/',
    '/parts',
    ...categories.map((category) => `/parts${catalogueSearch({ category })}`),
    ...parts.map((part) => `/parts/${encodeURIComponent(part._id)}`),
    '/reviews',
    '/blogs',
    // The web app's `paths.shopPage`.
    ...pages.map((page) => `/pages/${encodeURIComponent(page.slug)}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${xmlText(`${app.publicUrl}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/**
 * The addresses of robots.txt. The Functions Framework, and the functions emulator after it, answer
 * `/robots.txt` themselves with an empty 404 and never call the function, so Hosting redirects it
 * to the second (firebase.json); crawlers follow it and keep the rules for the site (RFC 9309).
 */
const ROBOTS_PATHS: readonly string[] = ['/robots.txt', '/robots-rules.txt'];

/** Crawlers: everything public, nothing of BROWSER_PAGES or the API; where the sitemap is. */
const robots = (app: PagesApi) =>
  [
    'User-agent: *',
    ...BROWSER_PAGES.filter((glob) => !glob.endsWith('/**')).map((path) => `Disallow: ${path}`),
    'Disallow: /purchase/',
    `Disallow: ${API_BASE}/`,
    '',
    `Sitemap: ${app.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  cacheControl: string,
  text: string,
) {
  const body = Buffer.from(text);
  res.writeHead(status, {
    'content-type': type,
    'content-length': String(body.length),
    'cache-control': cacheControl,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A listener for the pages, with the renderer and app.html read on the first page; a failed load
 * is tried again on the next.
 */

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
    const url = req.url ?? '/';
    if (isPageAsset(url)) {
      await serveAsset(files.assets, req, res);
      return;
    }
    const public_ = app.fastReads.cacheControl;
    if (ROBOTS_PATHS.includes(pathOf(url))) {
      send(req, res, 200, 'text/plain; charset=utf-8', public_, robots(app));
      return;
    }
    // The Merchant Center feed at the shop's address too, as the API writes it (decision 102).
    if (pathOf(url) === apiPaths.googleFeed()) {
      const answer = await app.fetch(
        new Request(`${IN_PROCESS}${API_BASE}${apiPaths.googleFeed()}`),
      );
      send(
        req,
        res,
        answer.status,
        answer.headers.get('content-type') ?? 'application/xml; charset=utf-8',
        answer.headers.get('cache-control') ?? 'no-store',
        await answer.text(),
      );
      return;
    }
    if (pathOf(url) === '/sitemap.xml') {
      try {
        send(req, res, 200, 'application/xml; charset=utf-8', public_, await sitemap(app));
      } catch (error) {
        console.error('The sitemap could not be written:', error);
        send(req, res, 503, 'text/plain; charset=utf-8', 'no-store', 'Try again in a moment.');
      }
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
      if (!isBrowserPage(url)) {
        page = await renderer.module.renderPage(`${IN_PROCESS}${url}`, renderer.template, {
          origin: app.publicUrl,
        });
      }
    } catch (error) {
      // The browser renders it instead, as it does every page Hosting serves itself.
      console.error(`Rendering ${url} failed:`, error);
    }
    send(
      req,
      res,
      page?.status ?? 200,
      'text/html; charset=utf-8',
      // A rendered page is made of the public reads: a CDN may keep it as long as they
      // (docs/decisions/056). The shell the browser fills in is asked for again each time.
      page ? public_ : 'no-cache',
      page?.html ?? renderer.template,
    );
  };
}

/** Whether the pages' listener answers a GET of this URL: every address but the API's. */
export const servedByPages = (url: string): boolean => !isApiPath(pathOf(url));

/** The API's listener with the pages in front (GET and HEAD of every address but the API's). */
export const withRenderedPages =
  (api: (req: IncomingMessage, res: ServerResponse) => unknown, pages: Listener) =>
  (req: IncomingMessage, res: ServerResponse) =>
    (req.method === 'GET' || req.method === 'HEAD') && servedByPages(req.url ?? '')
      ? pages(req, res)
      : api(req, res);
