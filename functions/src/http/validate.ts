/**
 * validate(schema): parses the JSON body and checks it with a shared yup schema from contract/
 * (CONVENTIONS habit 4). Unknown fields are dropped, every failing field gets its own message.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ValidationError, type ISchema } from 'yup';
import { badRequest, validationFailed } from './errors.js';

/** The validated body, typed by the schema, as route handlers read it: `c.get('body')`. */
export type BodyEnv<T> = { Variables: { body: T } };

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
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

/** Runs a schema; a failure becomes a 422 with one message per field. */
export async function check<T>(schema: ISchema<T>, value: unknown): Promise<T> {
  try {
    return await schema.validate(value, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const field = failure.path || 'body';
      fields[field] ??= failure.message;
    }
    throw validationFailed(fields);
  }
}

export function validate<T>(schema: ISchema<T>) {
  return createMiddleware<BodyEnv<T>>(async (c, next) => {
    c.set('body', await check(schema, await readJsonObject(c)));
    await next();
  });
}
