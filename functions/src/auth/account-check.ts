/**
 * Whether an accessToken's account is still the one the shop trusts (issue 21, decision 048):
 * the account exists and is not disabled at the identity provider, the token was issued after its
 * tokens were last revoked, and the account still holds the address the token names. For reads,
 * an account found current is believed for ACCOUNT_CHECK_MS without asking again; changes and
 * admin calls always ask.
 */
import type { VerifiedAccessClaims } from './access-token.js';
import type { AccountState, Identity } from './identity.js';

/** At most this stale: the issue allows a minute; half of it keeps the Auth calls rare enough. */
export const ACCOUNT_CHECK_MS = 30_000;

export interface AccountChecker {
  /** Whether the token's account is current; `fresh` asks the identity provider and store now. */
  isCurrent(claims: VerifiedAccessClaims, options?: { fresh?: boolean }): Promise<boolean>;
  /** Forgets what is known of `uid`, so its next call is checked afresh (it lost its address). */
  forget(uid: string): void;
}

interface Known {
  account: AccountState | null;
  /** The uid that held the token's address when it was read. */
  holder: string | undefined;
  checkedAt: number;
}

export function accountChecker(deps: {
  identity: Identity;
  /** The uid that holds `email` now, per the shop's users. */
  holderOf: (email: string) => Promise<string | undefined>;
  clock: () => Date;
}): AccountChecker {
  const known = new Map<string, Known>();
  const read = async (claims: VerifiedAccessClaims): Promise<Known> => {
    const [account, holder] = await Promise.all([
      deps.identity.account(claims.uid),
      deps.holderOf(claims.email),
    ]);
    const entry = { account, holder, checkedAt: deps.clock().getTime() };
    if (known.size > 10_000) known.clear();
    known.set(`${claims.uid}\n${claims.email}`, entry);
    return entry;
  };
  return {
    async isCurrent(claims, { fresh = false } = {}) {
      const cached = known.get(`${claims.uid}\n${claims.email}`);
      const entry =
        !fresh && cached && deps.clock().getTime() - cached.checkedAt < ACCOUNT_CHECK_MS
          ? cached
          : await read(claims);
      const { account, holder } = entry;
      if (!account || account.disabled || holder !== claims.uid) return false;
      // Firebase keeps revocation times to the second, as the token's issue time.
      if (account.validSince !== undefined && claims.issuedAt * 1000 < account.validSince) {
        return false;
      }
      return true;
    },
    forget(uid) {
      for (const key of known.keys()) if (key.startsWith(`${uid}\n`)) known.delete(key);
    },
  };
}
