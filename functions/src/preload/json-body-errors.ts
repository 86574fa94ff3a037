/**
 * Preloaded into the functions' Node process (NODE_OPTIONS in functions/.env), before the
 * Functions Framework or the emulator builds its Express app. That app parses JSON bodies before
 * our handler runs, and answers malformed JSON itself with an HTML page (with a stack trace outside
 * production). This wraps body-parser's json(): a body that is not valid JSON is passed on
 * unparsed, with `rawBody` kept, so the API answers it with its own JSON 400 like any other bad
 * request (docs/decisions/017-malformed-json-through-firebase.md).
 */
import Module from 'node:module';

import { passMalformedJsonOn, type JsonFactory } from './pass-malformed-json-on.js';

const PATCHED = Symbol.for('sprocket.json-body-errors');

function patch(bodyParser: ({ json?: JsonFactory } & Record<symbol, unknown>) | null): void {
  if (!bodyParser || bodyParser[PATCHED] || typeof bodyParser.json !== 'function') return;
  const original = bodyParser.json;
  Object.defineProperty(bodyParser, 'json', {
    configurable: true,
    enumerable: true,
    value: passMalformedJsonOn(original),
  });
  bodyParser[PATCHED] = true;
}

// Module._load is Node's internal loader; it is not in @types/node, hence the cast.
const loader = Module as unknown as {
  _load: (request: string, parent: unknown, isMain: boolean) => unknown;
};
const load = loader._load;
loader._load = function loadWithJsonErrors(request, parent, isMain) {
  const exported = load.call(this, request, parent, isMain);
  if (
    request === 'body-parser' &&
    (typeof exported === 'function' || typeof exported === 'object')
  ) {
    patch(exported as ({ json?: JsonFactory } & Record<symbol, unknown>) | null);
  }
  return exported;
};
