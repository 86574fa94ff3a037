/**
 * Who may make a guest's order their account's (issue 33 item 3, docs/decisions/080): a guest
 * order belongs to whoever placed it, not to the address typed into the form, so it joins an
 * account only when that account proves the address: it is verified, it is the order's address,
 * and it holds the order's private link (the API checks the link).
 */

export const guestClaimMessages = {
  otherAddress: 'This order was placed with another email address, so it cannot join this account',
  unverified:
    'Verify your email address first: a guest order joins an account only at a verified address',
  otherAccount: 'This order belongs to another account',
} as const;

export interface GuestClaimRefusal {
  reason: keyof typeof guestClaimMessages;
  message: string;
}

const refusal = (reason: GuestClaimRefusal['reason']): GuestClaimRefusal => ({
  reason,
  message: guestClaimMessages[reason],
});

/**
 * Why the signed-in `account` may not take the guest order placed with `orderEmail`, or null when
 * it may: the address first (another address is no business of this account's), then whether it
 * is verified.
 */
export function guestClaimRefusal(
  orderEmail: string,
  account: { email: string; emailVerified: boolean },
): GuestClaimRefusal | null {
  if (orderEmail.trim().toLowerCase() !== account.email.trim().toLowerCase()) {
    return refusal('otherAddress');
  }
  return account.emailVerified ? null : refusal('unverified');
}

/** The refusal of an order that is no longer a guest's and not this account's. */
export const claimedByAnother = (): GuestClaimRefusal => refusal('otherAccount');
