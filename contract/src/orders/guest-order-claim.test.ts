import { describe, expect, it } from 'vitest';
import { guestClaimMessages, guestClaimRefusal } from './guest-order-claim.js';

describe('guestClaimRefusal', () => {
  const order = 'grace@example.com';

  it('lets a verified account at the same address take the order, however it is written', () => {
    expect(guestClaimRefusal(order, { email: ' Grace@Example.com', emailVerified: true })).toBe(
      null,
    );
  });

  it('refuses an unverified account at the address, in plain words', () => {
    expect(guestClaimRefusal(order, { email: order, emailVerified: false })).toEqual({
      reason: 'unverified',
      message: guestClaimMessages.unverified,
    });
  });

  it('refuses another address, even one that reaches the same mailbox', () => {
    for (const email of ['ann@example.com', 'grace+shop@example.com']) {
      expect(guestClaimRefusal(order, { email, emailVerified: true })?.reason).toBe('otherAddress');
    }
  });
});
