import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.js';

describe('mailboxOf', () => {
  it('reads the ways one mailbox is written as one', () => {
    for (const written of [
      'ann.lee@gmail.com',
      ' Ann.Lee@Gmail.com ',
      'annlee+spring@gmail.com',
      'a.n.n.l.e.e+x+y@googlemail.com',
    ]) {
      expect(mailboxOf(written)).toBe('annlee@gmail.com');
    }
    expect(mailboxOf('Ann.Lee+shop@Example.org')).toBe('ann.lee@example.org');
  });

  it('keeps the dots where the provider reads them, and other mailboxes apart', () => {
    expect(mailboxOf('ann.lee@example.org')).not.toBe(mailboxOf('annlee@example.org'));
    expect(mailboxOf('ann@gmail.com')).not.toBe(mailboxOf('ann@example.org'));
  });
});
