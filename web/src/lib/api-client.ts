/**
 * The one HTTP client of the shop's API: base URL, JSON both ways, the stored accessToken as a
 * bearer token, and API errors turned into ApiError. It never shows toasts or redirects: callers
 * (the query and mutation caches, the screens) decide what the user sees.
 */
import {
  ORDER_TOKEN_HEADER,
  TOTAL_COUNT_HEADER,
  type ApiErrorBody,
  type ApiErrorCode,
  type CsvRowError,
} from '@sprocket/contract';
import { env } from '../config/env.js';

/** The login token of docs/product.md §3, kept in the browser under this key. */
export const ACCESS_TOKEN_KEY = 'accessToken';

/** Null where there is no localStorage: a page rendered on the server is nobody's. */
export const getAccessToken = (): string | null =>
  typeof localStorage === 'undefined' ? null : localStorage.getItem(ACCESS_TOKEN_KEY);

const tokenListeners = new Set<() => void>();
const tokenChanged = () => tokenListeners.forEach((listener) => listener());

export const setAccessToken = (token: string) => {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  tokenChanged();
};
export const clearAccessToken = () => {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  tokenChanged();
};

/**
 * Calls `listener` whenever the accessToken is stored or removed, in this tab or another one:
 * what a signed-in user may ask the API waits for the token a sign-in exchanges for.
 */
export function subscribeAccessToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export type ClientErrorCode = ApiErrorCode | 'network';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    public readonly status: number,
    public readonly code: ClientErrorCode,
    message: string,
    /** Per-field messages of a 422. */
    public readonly fields?: Record<string, string>,
    /** A CSV file's errors by row and column (a refused import's 422). */
    public readonly rows?: CsvRowError[],
    /** The answer's Retry-After, in seconds (a 429, a 503, a retry that came too soon). */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether an error is the API's 404: an ApiError, or one restored from a page rendered on the
 * server (its data carries the error's fields, not its class).
 */
export const isNotFoundError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (a File) is sent as its own bytes, with its type as Content-Type. */
  body?: unknown;
  /** A bearer token other than the stored accessToken (the Firebase ID token for PUT /user). */
  bearer?: string;
  /**
   * A guest order's private link token (lib/order-links.ts): sent as X-Order-Token instead of
   * any accessToken, for that order's page and payment (docs/decisions/066).
   */
  orderToken?: string;
  signal?: AbortSignal;
  /**
   * One user attempt's Idempotency-Key (docs/decisions/062; newIdempotencyKey()): the request is
   * then asked again with the same key after a network error, a timeout, a 503 or a 409 that
   * names a Retry-After, up to IDEMPOTENT_RETRIES times; the server answers a retry as it answered
   * the first, so an order is never placed twice.
   */
  idempotencyKey?: string;
}

/** Retries of a request with an Idempotency-Key. */
export const IDEMPOTENT_RETRIES = 3;
/** The server answers within 10 seconds (issue 25); an attempt that takes longer is asked again. */
const ATTEMPT_TIMEOUT_MS = 15_000;
const RETRY_AFTER_CAP_SECONDS = 5;

/** A key for one attempt of the user's (a click of Place order): a new one per attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; 16 random bytes do the same.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Renews the accessToken when the server says it expired (it lives one hour, the Firebase session
 * much longer). Registered by lib/auth; returns the new token or null when nobody is signed in.
 */
let renewAccessToken: (() => Promise<string | null>) | null = null;
export function setAccessTokenRenewer(renew: (() => Promise<string | null>) | null) {
  renewAccessToken = renew;
}

const isErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  'error' in value &&
  typeof (value as ApiErrorBody).error?.message === 'string';

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * How a request reaches the API: the browser's fetch, or, where the server renders a page
 * (web/src/entry-server.tsx), the shop's app in the same process.
 */
let transport: Transport = (url, init) => fetch(url, init);
export function setApiTransport(next: Transport) {
  transport = next;
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const raw = options.body instanceof Blob ? options.body : null;
  if (raw) headers['Content-Type'] = raw.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.orderToken) headers[ORDER_TOKEN_HEADER] = options.orderToken;
  else if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  // A request that may be asked again gives up on an attempt that takes too long.
  const attempt = options.idempotencyKey ? new AbortController() : undefined;
  const timer = attempt && setTimeout(() => attempt.abort(), ATTEMPT_TIMEOUT_MS);
  const stop = () => attempt?.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    return await transport(`${env.apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: attempt?.signal ?? options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      0,
      'network',
      'Could not reach the shop. Check your connection and try again.',
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const retryAfter = Number(response.headers.get('Retry-After'));
  const retryAfterSeconds =
    response.headers.has('Retry-After') && retryAfter >= 0 ? retryAfter : undefined;
  if (isErrorBody(body)) {
    const { code, message, fields, rows } = body.error;
    return new ApiError(response.status, code, message, fields, rows, retryAfterSeconds);
  }
  return new ApiError(
    response.status,
    response.status >= 500 ? 'unavailable' : 'bad_request',
    `The shop could not handle the request (HTTP ${response.status}).`,
  );
}

/**
 * How long to wait before asking again with the same Idempotency-Key, or undefined: not after an
 * answer that is final (a 201, a sold-out 409, a 422). Spread over half a second more, so those
 * turned away together do not come back together.
 */
function retryDelayMs(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const retryable =
    error.status === 0 ||
    error.status === 503 ||
    (error.status === 409 && error.retryAfterSeconds !== undefined);
  if (!retryable) return undefined;
  const seconds = Math.min(error.retryAfterSeconds ?? 0.5, RETRY_AFTER_CAP_SECONDS);
  return (seconds + Math.random() * 0.5) * 1000;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function request(path: string, options: RequestOptions): Promise<Response> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await requestOnce(path, options);
    } catch (error) {
      const wait =
        options.idempotencyKey && retry < IDEMPOTENT_RETRIES ? retryDelayMs(error) : undefined;
      if (wait === undefined || options.signal?.aborted) throw error;
      await pause(wait);
    }
  }
}

async function requestOnce(path: string, options: RequestOptions): Promise<Response> {
  let response = await send(path, options, options.bearer ?? getAccessToken());
  // Renew once when the accessToken expired or is missing while Firebase still has a session.
  if (response.status === 401 && !options.bearer && !options.orderToken && renewAccessToken) {
    const renewed = await renewAccessToken();
    if (renewed) response = await send(path, options, renewed);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** One page of a list that takes query parameters, and how many items match in all. */
export interface ApiPage<T> {
  items: T[];
  total: number;
}

/**
 * GET a list with query parameters: the body is the page's array, the total is the
 * TOTAL_COUNT_HEADER (the page's length when a server leaves it out).
 */
export async function apiPage<T>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<ApiPage<T>> {
  const response = await request(path, { ...options, method: 'GET' });
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  /** A list's page and its total (X-Total-Count). */
  page: apiPage,
  /** GET a file (a CSV export) as it is, to save. */
  file: async (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request(path, { ...options, method: 'GET' })).blob(),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
