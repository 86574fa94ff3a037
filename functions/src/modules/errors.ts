/**
 * What can go wrong in the shop's terms. Services throw these plain errors; `http/errors.ts` is the
 * one place that turns them into statuses and the API's JSON error (docs/architecture.md §9), so the
 * domain never depends on HTTP.
 */
import type { ApiErrorCode, CsvRowError, CurrentPrices } from '@sprocket/contract';
import { csvMessages } from '@sprocket/contract';

export type DomainErrorCode = Exclude<ApiErrorCode, 'internal' | 'not_implemented'>;

export class DomainError extends Error {
  /** How long the client should wait before trying again (rate limits, outages), in seconds. */
  retryAfterSeconds?: number;
  /** A checkout refused for changed prices: the figures now. */
  prices?: CurrentPrices;
  /** A CSV file refused: what is wrong, by row and column. */
  rows?: CsvRowError[];

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** One message per failing field (validation). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string) => new DomainError('bad_request', message);
export const unauthenticated = (message = 'Sign in to do this') =>
  new DomainError('unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new DomainError('forbidden', message);
export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
/** `fields` names what conflicts, when there are several (a checkout's short lines). */
export const conflict = (message: string, fields?: Record<string, string>) =>
  new DomainError('conflict', message, fields);
/** The shopper was shown other prices than the parts have now (the checkout's expectedTotal). */
export const pricesChanged = (message: string, prices: CurrentPrices) =>
  Object.assign(new DomainError('conflict', message), { prices });
export const validationFailed = (fields: Record<string, string>) =>
  new DomainError('validation_failed', Object.values(fields).join('; '), fields);
/** A CSV file with errors (422): every one of them, by row and column; nothing was imported. */
export const invalidRows = (rows: CsvRowError[]) =>
  Object.assign(new DomainError('validation_failed', csvMessages.invalidFile(rows.length)), {
    rows,
  });
export const unavailable = (message: string) => new DomainError('unavailable', message);
export const payloadTooLarge = (message: string) => new DomainError('payload_too_large', message);
export const unsupportedMediaType = (message: string) =>
  new DomainError('unsupported_media_type', message);

export function rateLimited(retryAfterSeconds: number, what: string): DomainError {
  const error = new DomainError(
    'rate_limited',
    `${what}; try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
  );
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}
