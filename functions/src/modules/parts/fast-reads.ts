/**
 * The catalogue's hottest reads, GET /api/parts, GET /api/parts/{id}, its searches and filters
 * (GET /api/parts?…) and the search boxes' suggestions (GET /api/parts/suggest?q=, decision 095), answered at the Node listener from the current snapshot, before @hono/node-server builds a Request and Hono
 * routes it: the same bytes and headers as the routes answer (parts.routes.ts), at about the cost
 * of a bare node:http server (issue 14 item 2; docs/decisions/027). Anything else, and these reads
 * while no fresh snapshot is loaded or when a CORS origin needs its headers, go to the app.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  API_BASE,
  catalogueQueryInput,
  catalogueQuerySchema,
  keptIn,
  partSuggestionsQuerySchema,
  type CatalogueQuery,
} from '@sprocket/contract';
import { checkedQuery } from '../../http/validate.js';
import { asksForAnything } from '../list-query.js';
import { cataloguePage } from './catalogue-query.js';
import { catalogueSuggestions } from './catalogue-suggest.js';
import type { Catalogue } from './catalogue-snapshot.js';
import { isSafeId } from '../../store/ids.js';
import { publicAnswer, type PublicAnswer } from '../../http/public-json.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

const ALL_PARTS = `${API_BASE}/parts`;
const ONE_PART = `${ALL_PARTS}/`;
const CATALOGUE_QUERY = `${ALL_PARTS}?`;
const SUGGESTIONS = `${ALL_PARTS}/suggest?`;

export interface FastReadOptions {
  catalogue: Catalogue;
  cacheControl: string;
  /** Whether other origins are allowed: their requests need the CORS middleware's headers. */
  cors: boolean;
}

/** Catalogue query strings checked lately (the check costs more than the search). */
const checkedQueries = new Map<string, CatalogueQuery | undefined>();
const CHECKED_KEPT = 1000;

/** A catalogue query string checked, or undefined when it fails: the same answer every time. */
const checkedCatalogueQuery = (url: string): CatalogueQuery | undefined =>
  keptIn(checkedQueries, url, CHECKED_KEPT, () =>
    checkedQuery(catalogueQuerySchema, url, catalogueQueryInput),
  );

/** The answer to a catalogue read the snapshot can give as it is, or undefined. */
export function fastCatalogueRead(
  url: string,
  headers: IncomingHttpHeaders,
  { catalogue, cacheControl, cors }: FastReadOptions,
): PublicAnswer | undefined {
  if (cors && headers.origin !== undefined) return undefined;
  const view = catalogue.fresh();
  if (!view) return undefined;
  const ifNoneMatch = headers['if-none-match'];
  if (url === ALL_PARTS) {
    return publicAnswer(view.wholeJson(), ifNoneMatch, cacheControl);
  }
  if (url.startsWith(CATALOGUE_QUERY)) {
    // A page this snapshot answered before, or the query checked and answered as the route
    // would (issue 25 item 9: Hono's request and response cost more than the search). A query
    // that fails its check goes to the app, which answers why.
    const search = url.slice(ALL_PARTS.length);
    let page = view.pages.get(search);
    if (!page) {
      const query = checkedCatalogueQuery(url);
      if (!query) return undefined;
      if (!asksForAnything(query)) return publicAnswer(view.wholeJson(), ifNoneMatch, cacheControl);
      page = cataloguePage(view, search, query);
    }
    return publicAnswer(page.json, ifNoneMatch, cacheControl);
  }
  if (url.startsWith(SUGGESTIONS)) {
    // Each letter typed asks once; a query that fails its check goes to the app, which says why.
    const suggestions = checkedQuery(partSuggestionsQuerySchema, url);
    return (
      suggestions &&
      publicAnswer(catalogueSuggestions(view, suggestions.q), ifNoneMatch, cacheControl)
    );
  }
  if (!url.startsWith(ONE_PART)) return undefined;
  // Anything but a plain id (a query string, an escape, a deeper path) goes to the app.
  const id = url.slice(ONE_PART.length);
  const json = isSafeId(id) ? view.partJson(id) : undefined;
  return json && publicAnswer(json, ifNoneMatch, cacheControl);
}

/** The listener, with the catalogue's hottest reads answered before it. */
export function withFastReads(listener: Listener, options: FastReadOptions): Listener {
  const answerOf = (req: IncomingMessage) => {
    try {
      return fastCatalogueRead(req.url ?? '', req.headers, options);
    } catch {
      // Whatever this way cannot answer (a query string no one foresaw), the app answers, and
      // reports if it must: here, outside Hono, an error would end the process.
      return undefined;
    }
  };
  return (req, res) => {
    const answer = req.method === 'GET' ? answerOf(req) : undefined;
    if (!answer) return listener(req, res);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? undefined);
  };
}
