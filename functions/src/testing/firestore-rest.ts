/**
 * The official Firestore emulator's REST API, spoken with fetch, for the firestore.rules cases:
 * load the rules, clear and seed the data past them, then read and write as nobody or as a
 * signed-in user and judge the emulator's answer. It stands in for @firebase/rules-unit-testing,
 * whose peer dependency kept a second copy of the whole firebase SDK installed.
 */

/** What a test writes: plain JSON, encoded into Firestore's typed values. */
export type FieldValue =
  string | number | boolean | null | FieldValue[] | { [field: string]: FieldValue };
export type DocumentData = Record<string, FieldValue>;

type TypedValue =
  | { nullValue: null }
  | { stringValue: string }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: TypedValue[] } }
  | { mapValue: { fields: Record<string, TypedValue> } };

/** A signed-in caller: its uid, and every other claim (email, custom claims) as the token carries it. */
export type TestUser = { uid: string } & Record<string, unknown>;

/** One caller's reads and writes; paths are relative to the database's documents. */
export interface FirestoreCaller {
  get(documentPath: string): Promise<Response>;
  list(collectionPath: string): Promise<Response>;
  /** A query of a top-level collection with one equality filter. */
  whereEqual(collectionId: string, field: string, value: FieldValue): Promise<Response>;
  set(documentPath: string, data: DocumentData): Promise<Response>;
  update(documentPath: string, data: DocumentData): Promise<Response>;
  add(collectionPath: string, data: DocumentData): Promise<Response>;
  delete(documentPath: string): Promise<Response>;
}

export interface FirestoreRulesEmulator {
  loadRules(rules: string): Promise<void>;
  clear(): Promise<void>;
  /** Writes the documents with the rules bypassed. */
  seed(documents: Record<string, DocumentData>): Promise<void>;
  anonymous(): FirestoreCaller;
  signedIn(user: TestUser): FirestoreCaller;
}

function encodeValue(value: FieldValue): TypedValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  // As the client SDK does: whole numbers are integers, the rest doubles.
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeValue) } };
  return { mapValue: { fields: encodeFields(value) } };
}

function encodeFields(data: Record<string, FieldValue>): Record<string, TypedValue> {
  return Object.fromEntries(
    Object.entries(data).map(([field, value]) => [field, encodeValue(value)]),
  );
}

const base64url = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');

/** An unsigned ID token ("alg": "none"): the emulator takes its claims without a signature. */
function mockIdToken(projectId: string, { uid, ...claims }: TestUser): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'none', kid: 'fakekid', typ: 'JWT' };
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  };
  return `${base64url(header)}.${base64url(payload)}.`;
}

/** The emulator's "owner" credential: the request skips the rules, as the admin SDK's would. */
const RULES_BYPASSED = 'Bearer owner';

export function firestoreRulesEmulator(host: string, projectId: string): FirestoreRulesEmulator {
  const documents = `http://${host}/v1/projects/${projectId}/databases/(default)/documents`;
  const emulatorProject = `http://${host}/emulator/v1/projects/${projectId}`;

  const send = (authorization: string | undefined, method: string, url: string, body?: unknown) =>
    fetch(url, {
      method,
      headers: {
        ...(authorization ? { Authorization: authorization } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const caller = (authorization: string | undefined): FirestoreCaller => ({
    get: (path) => send(authorization, 'GET', `${documents}/${path}`),
    // GET on a collection's path lists it: the rules' list, as a collection query is.
    list: (path) => send(authorization, 'GET', `${documents}/${path}`),
    whereEqual: (collectionId, field, value) =>
      send(authorization, 'POST', `${documents}:runQuery`, {
        structuredQuery: {
          from: [{ collectionId }],
          where: {
            fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: encodeValue(value) },
          },
        },
      }),
    // Without an update mask, PATCH replaces or creates the whole document, as the SDK's set does.
    set: (path, data) =>
      send(authorization, 'PATCH', `${documents}/${path}`, { fields: encodeFields(data) }),
    update: (path, data) => {
      // An update names the fields it changes and needs the document to exist, as the SDK's does.
      const query = new URLSearchParams({ 'currentDocument.exists': 'true' });
      for (const field of Object.keys(data)) query.append('updateMask.fieldPaths', field);
      return send(authorization, 'PATCH', `${documents}/${path}?${query}`, {
        fields: encodeFields(data),
      });
    },
    add: (path, data) =>
      send(authorization, 'POST', `${documents}/${path}`, { fields: encodeFields(data) }),
    delete: (path) => send(authorization, 'DELETE', `${documents}/${path}`),
  });

  const bypassed = caller(RULES_BYPASSED);

  return {
    async loadRules(rules) {
      await succeeded(
        send(undefined, 'PUT', `${emulatorProject}:securityRules`, {
          rules: { files: [{ content: rules }] },
        }),
      );
    },
    async clear() {
      await succeeded(
        send(undefined, 'DELETE', `${emulatorProject}/databases/(default)/documents`),
      );
    },
    async seed(seeded) {
      await Promise.all(
        Object.entries(seeded).map(([path, data]) => succeeded(bypassed.set(path, data))),
      );
    },
    anonymous: () => caller(undefined),
    signedIn: (user) => caller(`Bearer ${mockIdToken(projectId, user)}`),
  };
}

/** A response read whole: its status, its body as text and, where it is JSON, parsed. */
async function read(request: Promise<Response>) {
  const response = await request;
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const said = `${response.status} ${response.statusText} from ${response.url}: ${text}`;
  return { status: response.status, json, said };
}

async function succeeded(request: Promise<Response>): Promise<void> {
  const { status, said } = await read(request);
  if (status !== 200) throw new Error(`The emulator refused: ${said}`);
}

/**
 * The rules let the request through: 200, and no error among a query's results. runQuery streams
 * its answer as an array, so an error met after the status was sent arrives as one of its entries.
 */
export async function expectAllowed(request: Promise<Response>): Promise<void> {
  const { status, json, said } = await read(request);
  const streamedError =
    Array.isArray(json) &&
    (json as unknown[]).some(
      (result) => typeof result === 'object' && result !== null && 'error' in result,
    );
  if (status !== 200 || streamedError)
    throw new Error(`Expected the rules to allow it, got ${said}`);
}

/**
 * The rules refuse the request: 403 PERMISSION_DENIED, not some other failure. The emulator judges
 * a query before answering anything, so a refused runQuery answers this way too (seen: 403 with
 * one error object, no 200 array).
 */
export async function expectDenied(request: Promise<Response>): Promise<void> {
  const { status, json, said } = await read(request);
  const reason = (json as { error?: { status?: unknown } } | undefined)?.error?.status;
  if (status !== 403 || reason !== 'PERMISSION_DENIED')
    throw new Error(`Expected the rules to refuse it, got ${said}`);
}
