/** The API's error shape (DESIGN §5) and the one place that turns exceptions into responses. */
import type { ApiErrorBody, ApiErrorCode } from '@sprocket/contract';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IdentityUnavailableError } from '../auth/identity.js';
import { StoreNotFoundError, StoreUnavailableError } from '../store/port.js';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** Sent as Retry-After (429 and 503). */
  retryAfterSeconds?: number;
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const unauthenticated = (message = 'Sign in to do this') =>
  new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const validationFailed = (fields: Record<string, string>) =>
  new HttpError(422, 'validation_failed', Object.values(fields).join('; '), fields);

export function errorBody(
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * Retry-After of a 503 whose cause names no time of its own: a lock another process holds, a
 * contended document or a blip in a service is over in seconds, and clients should not hammer.
 */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function errorResponse(c: Context, error: HttpError): Response {
  const retryAfter =
    error.retryAfterSeconds ?? (error.status === 503 ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
  return c.json(errorBody(error.code, error.message, error.fields), error.status);
}

/** Hono's onError: known failures get their status; anything else is logged and is a 500. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof HttpError) return errorResponse(c, error);
  if (error instanceof StoreNotFoundError) return errorResponse(c, notFound('Document'));
  if (error instanceof StoreUnavailableError || error instanceof IdentityUnavailableError) {
    console.error(`${c.req.method} ${c.req.path}:`, error);
    return errorResponse(
      c,
      new HttpError(503, 'unavailable', 'The shop is busy; try again shortly'),
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    return errorResponse(
      c,
      new HttpError(error.status as ContentfulStatusCode, 'bad_request', error.message),
    );
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(errorBody('internal', 'Something went wrong on our side'), 500);
}
