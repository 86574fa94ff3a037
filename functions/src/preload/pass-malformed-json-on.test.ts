import { describe, expect, it, vi } from 'vitest';
import { passMalformedJsonOn } from './pass-malformed-json-on.js';

/** A stand-in for body-parser's json(): it ends with the error it is given. */
const parserFailingWith =
  (error: unknown) =>
  () =>
  (_req: { body?: unknown }, _res: unknown, next: (e?: unknown) => void) =>
    next(error);

describe('passMalformedJsonOn', () => {
  it('passes a body that is not JSON on, unparsed, for the API to answer', () => {
    const json = passMalformedJsonOn(parserFailingWith({ type: 'entity.parse.failed' }));
    const req: { body?: unknown } = { body: {} };
    const next = vi.fn();
    json()(req, {}, next);
    expect(next).toHaveBeenCalledWith();
    expect(req.body).toBeUndefined();
  });

  it('leaves every other outcome alone: success, and errors such as a body too large', () => {
    const tooLarge = { type: 'entity.too.large' };
    const next = vi.fn();
    passMalformedJsonOn(parserFailingWith(tooLarge))()({}, {}, next);
    expect(next).toHaveBeenCalledWith(tooLarge);
    const ok = vi.fn();
    passMalformedJsonOn(parserFailingWith(undefined))()({}, {}, ok);
    expect(ok).toHaveBeenCalledWith(undefined);
  });
});
