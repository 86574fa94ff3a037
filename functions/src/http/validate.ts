/**
 * validate(schema): parses the JSON body and checks it with a shared yup schema from contract/
 * (CONVENTIONS habit 4). Unknown fields are dropped, every failing field gets its own message.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getQueryParam, getQueryParams } from 'hono/utils/url';
import { ValidationError, type ISchema, type Lazy, type Schema } from 'yup';
import { badRequest, DomainError, notFound, validationFailed } from '../modules/errors.js';
import { requestText } from './request-body.js';

/** A schema the API runs synchronously (every yup schema but a reference). */
export type SyncSchema<T> = Schema<T> | Lazy<T>;

/** The validated body, typed by the schema, as route handlers read it: `c.get('body')`. */
export type BodyEnv<T> = { Variables: { body: T } };

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  return parseJsonObject(await requestText(c));
}

/** A body that may be left out (a DELETE's): `{}` when there is none, else a JSON object. */
export async function readOptionalJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await requestText(c);
  return text.trim() === '' ? {} : parseJsonObject(text);
}

function parseJsonObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body must be valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** What yup needs to know about an object schema's fields. */
type FieldsOf = { fields: Record<string, { type: string }> };

/** ±Infinity: a JSON number too big to hold (1e400), or text that yup's number() reads so. */
function isInfinite(value: unknown): boolean {
  // yup's number() drops every whitespace character from text before it converts it.
  const number = typeof value === 'string' ? Number(value.replace(/\s/g, '')) : value;
  return number === Infinity || number === -Infinity;
}

/**
 * Why a value must not reach yup in a field of this type, or undefined. yup crashes (it does not
 * fail validation) on an object where it expects a primitive: string().trim() calls .trim() on
 * it, number() and boolean() convert it, and `{ "toString": 1 }` cannot be converted. Arrays it
 * would convert quietly instead ([5] is 5, [true] is true): refused too.
 */
function typeFailure(type: string, value: unknown): string | undefined {
  const isObject = typeof value === 'object' && value !== null;
  switch (type) {
    case 'string':
      return isObject ? 'Must be text' : undefined;
    case 'number':
      return isObject || isInfinite(value) ? 'Must be a number' : undefined;
    case 'boolean':
      return isObject ? 'Must be true or false' : undefined;
    default:
      return undefined;
  }
}

/**
 * Keeps only the fields the schema declares, and refuses values that yup cannot judge safely
 * (typeFailure). Fields are read as own properties only: a key like "constructor" would otherwise
 * resolve to Object.prototype's property.
 */
function preflight(schema: ISchema<unknown>, body: Record<string, unknown>) {
  const resolved = schema.resolve({ value: body }) as unknown as Partial<FieldsOf>;
  if (!resolved.fields) return { picked: body, fields: {} };
  const picked: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(resolved.fields)) {
    if (!Object.hasOwn(body, name)) continue;
    const value = body[name];
    const failure = typeFailure(field.type, value);
    if (failure) fields[name] = failure;
    else picked[name] = value;
  }
  return { picked, fields };
}

/**
 * Runs a schema; a failure becomes a 422 with one message per field. The schema runs
 * synchronously: the shared schemas have no asynchronous tests, and yup's asynchronous run
 * chains promises per field and test (about 5 % of an order's time, docs/decisions/039).
 */
export async function check<T>(
  schema: SyncSchema<T>,
  body: Record<string, unknown>,
  context?: object,
): Promise<T> {
  return checkNow(schema, body, context);
}

/**
 * `check`, answered before the call returns (for reads answered before Hono, fast-reads.ts).
 * `context` is yup's, for the tests that need what the store holds (the shop's categories).
 */
export function checkNow<T>(
  schema: SyncSchema<T>,
  body: Record<string, unknown>,
  context?: object,
): T {
  const { picked, fields: typeFailures } = preflight(schema, body);
  try {
    const value = schema.validateSync(picked, { abortEarly: false, stripUnknown: true, context });
    if (Object.keys(typeFailures).length > 0) throw validationFailed(typeFailures);
    return value;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = { ...typeFailures };
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const field = failure.path || 'body';
      fields[field] ??= failure.message;
    }
    throw validationFailed(fields);
  }
}

/** `context`: yup's context for the schema's tests, read when a body comes (the store's data). */
export function validate<T>(schema: SyncSchema<T>, context?: () => Promise<object>) {
  return createMiddleware<BodyEnv<T>>(async (c, next) => {
    const body = await readJsonObject(c);
    c.set('body', await check(schema, body, await context?.()));
    await next();
  });
}

/** The checked path parameters, as handlers read them: `c.get('params')`. */
export type ParamsEnv<T> = { Variables: { params: T } };
/** The checked query string: `c.get('query')`. */
export type QueryEnv<T> = { Variables: { query: T } };

/**
 * Checks the path parameters with a contract schema (422 per field). `notFound` names what an id
 * that fails its pattern would have been: such an id names nothing, so the answer is a 404.
 */
export function validateParams<T>(schema: SyncSchema<T>, options: { notFound?: string } = {}) {
  return createMiddleware<ParamsEnv<T>>(async (c, next) => {
    try {
      c.set('params', await check(schema, c.req.param()));
    } catch (error) {
      if (options.notFound && error instanceof DomainError && error.fields?.id) {
        throw notFound(options.notFound);
      }
      throw error;
    }
    await next();
  });
}

/**
 * How a schema reads a query string's parameters (each name's values), where a name may be
 * repeated (the catalogue's `spec.speeds=11&spec.speeds=12`, contract's catalogueQueryInput).
 */
export type QueryInput = (params: Record<string, string[]>) => Record<string, unknown>;

/**
 * Checks the query string with a contract schema (422 per field); repeated keys count once,
 * unless `input` reads them.
 */
export function validateQuery<T>(schema: SyncSchema<T>, input?: QueryInput) {
  return createMiddleware<QueryEnv<T>>(async (c, next) => {
    c.set('query', checkNow(schema, input ? input(c.req.queries()) : c.req.query()));
    await next();
  });
}

/**
 * The query string of a request's URL (its path and query) checked as `validateQuery` checks it,
 * read as Hono reads it; undefined when it fails (the app then answers the failure).
 */
export function checkedQuery<T>(
  schema: SyncSchema<T>,
  pathAndQuery: string,
  input?: QueryInput,
): T | undefined {
  // getQueryParam(s) read a whole URL: the query begins after the origin.
  const url = `http://-${pathAndQuery}`;
  const query = input
    ? input(getQueryParams(url) as Record<string, string[]>)
    : (getQueryParam(url) as Record<string, string>);
  try {
    return checkNow(schema, query);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}
