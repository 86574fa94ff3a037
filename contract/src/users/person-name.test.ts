import { describe, expect, it } from 'vitest';
import { NAME_MAX } from '../schemas/text-limits.js';
import { nameHasLink, plainName } from './person-name.js';

describe('a person’s name', () => {
  it('keeps real names as they are', () => {
    for (const name of [
      'Ada Rider',
      'J. R. R. Tolkien',
      'Zoë O’Neil-Brandt',
      'Łukasz Żółw',
      '李小龙',
    ])
      expect([nameHasLink(name), plainName(name)]).toEqual([false, name]);
  });

  it('finds and removes what a mail client would turn into a link', () => {
    const phishing =
      'URGENT: your card was charged $4,999 — refund at https://evil.example/r?x=1 or www.evil.example or pay.evil.io, mail help@evil.example';
    expect(nameHasLink(phishing)).toBe(true);
    expect(plainName(phishing)).toBe('URGENT: your card was charged $4,999 — refund at or or mail');
    for (const link of ['evil.com', 'http://x', 'mailto:a', 'a@b', 'WWW.EVIL', 'x.co/'])
      expect(nameHasLink(link)).toBe(true);
  });

  it('is one line of at most NAME_MAX characters', () => {
    expect(plainName('Ada\nRider\t\u202eRider')).toBe('Ada Rider Rider');
    expect([...plainName('é'.repeat(200))]).toHaveLength(NAME_MAX);
    expect(NAME_MAX).toBe(80);
  });
});
