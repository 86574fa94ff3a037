/**
 * The Trigger Email extension as `firebase deploy` reads it (docs/decisions/019): firebase.json's
 * `extensions` names a pinned version, and its params file parses with firebase-tools' own reader,
 * watches the collection the API writes to, and takes the SMTP password from Secret Manager.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL } from '../modules/mail/mail.service.js';
import { extensionManifest, extensionRefs } from './firebase-tools.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const INSTANCE = 'firestore-send-email';

const extensions = (
  JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    extensions?: Record<string, string>;
  }
).extensions;

describe('the Trigger Email extension', () => {
  it("is declared in firebase.json at a pinned version of Firebase's firestore-send-email", () => {
    const ref = extensionRefs.parse(extensions?.[INSTANCE] ?? '');
    expect(ref).toMatchObject({ publisherId: 'firebase', extensionId: 'firestore-send-email' });
    expect(ref.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('sends what the API writes, with the SMTP password as a secret', () => {
    const params = extensionManifest.readInstanceParam({ projectDir: ROOT, instanceId: INSTANCE });
    expect(params).toMatchObject({
      MAIL_COLLECTION: MAIL,
      AUTH_TYPE: 'UsernamePassword',
      DATABASE: '(default)',
    });
    expect(params.SMTP_PASSWORD).toMatch(
      /^projects\/\$\{param:PROJECT_NUMBER\}\/secrets\/[\w-]+\/versions\/latest$/,
    );
    // The password stays out of the connection address.
    expect(params.SMTP_CONNECTION_URI).toMatch(/^smtps?:\/\/[^:@/]+@[^:@/]+:\d+$/);
    expect(params.DEFAULT_FROM).toMatch(/<[^@\s]+@[^@\s]+>$/);
  });
});
