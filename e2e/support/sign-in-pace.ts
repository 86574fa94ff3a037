/**
 * The API gives one account TOKEN_REQUESTS_PER_MINUTE accessTokens a minute and answers 429 past
 * it. The journeys sign the seeded admin in from file after file, and on a fast machine more
 * often than that: a sign-in here first waits, as a person told to try again would, until the
 * account's last minute has room. The files run one at a time, each in a worker of its own, so
 * the sign-ins are counted in a file of the suite's data folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TOKEN_REQUESTS_PER_MINUTE } from '@sprocket/contract';

const MINUTE_MS = 60_000;
/** One under the limit: the page may renew a token by itself once (after a 401). */
const SIGN_INS_PER_MINUTE = TOKEN_REQUESTS_PER_MINUTE - 1;

const ledgerFile = () =>
  join(process.env.SPROCKET_DATA_DIR ?? tmpdir(), 'e2e-sign-ins-per-account.json');

function readLedger(): Record<string, number[]> {
  try {
    return JSON.parse(readFileSync(ledgerFile(), 'utf8')) as Record<string, number[]>;
  } catch {
    return {};
  }
}

/** Waits until `email` may sign in again without a 429, and counts the sign-in about to happen. */
export async function paceSignIn(email: string): Promise<void> {
  for (;;) {
    const now = Date.now();
    const ledger = readLedger();
    const lastMinute = (ledger[email] ?? []).filter((at) => now - at < MINUTE_MS);
    if (lastMinute.length < SIGN_INS_PER_MINUTE) {
      ledger[email] = [...lastMinute, now];
      writeFileSync(ledgerFile(), JSON.stringify(ledger));
      return;
    }
    await sleep(MINUTE_MS - (now - lastMinute[0]!) + 250);
  }
}
