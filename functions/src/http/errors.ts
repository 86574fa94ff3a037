/** The API's error shape and the one place that turns exceptions into responses (docs/architecture.md §9). */
import type { ApiErrorBody, ApiErrorCode } from '@sprocket/contract';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IdentityUnavailableError } from '../auth/identity.js';
import { FileStorageUnavailableError } from '../files/port.js';
import { DomainError, notFound, unavailable, type DomainErrorCode } from '../modules/errors.js';
import { StoreNotFoundError, StoreUnavailableError } from '../store/port.js';

/** The status of each kind of domain error. */
const STATUS: Record<DomainErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  unauthenticated: 401,
  card_error: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  unavailable: 503,
};

export {
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthenticated,
  validationFailed,
} from '../modules/errors.js';

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

export function errorResponse(c: Context, error: DomainError): Response {
  const status = STATUS[error.code];
  const retryAfter =
    error.retryAfterSeconds ?? (status === 503 ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
  const body = errorBody(error.code, error.message, error.fields);
  if (error.prices) body.error.prices = error.prices;
  if (error.rows) body.error.rows = error.rows;
  return c.json(body, status);
}

/** The status handleError answers `error` with, for a caller that is not an HTTP request. */
export function statusOfError(error: unknown): number {
  if (error instanceof DomainError) return STATUS[error.code];
  if (error instanceof StoreNotFoundError) return 404;
  if (
    error instanceof StoreUnavailableError ||
    error instanceof IdentityUnavailableError ||
    error instanceof FileStorageUnavailableError
  ) {
    return 503;
  }
  return 500;
}

/** Hono's onError: known failures get their status; anything else is logged and is a 500. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof DomainError) return errorResponse(c, error);
  if (error instanceof StoreNotFoundError) return errorResponse(c, notFound('Document'));
  if (
    error instanceof StoreUnavailableError ||
    error instanceof IdentityUnavailableError ||
    error instanceof FileStorageUnavailableError
  ) {
    console.error(`${c.req.method} ${c.req.path}:`, error);
    const busy = unavailable('The shop is busy; try again shortly');
    if (error instanceof StoreUnavailableError) busy.retryAfterSeconds = error.retryAfterSeconds;
    return errorResponse(c, busy);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(errorBody('bad_request', error.message), error.status as ContentfulStatusCode);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(errorBody('internal', 'Something went wrong on our side'), 500);
}
