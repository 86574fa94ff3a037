import { describe, expect, it } from 'vitest';
import {
  isImageUrl,
  PHONE_DIGITS_PATTERN,
  PHONE_PATTERN,
  WEB_ADDRESS_PATTERN,
} from './patterns.js';

describe('the shared text patterns', () => {
  it('takes phone numbers as people write them for orders, and only digits for profiles', () => {
    for (const number of ['5550100', '+44 (20) 7946-0958'])
      expect(PHONE_PATTERN.test(number)).toBe(true);
    for (const number of ['555 0100 ext', '+', '55+50100'])
      expect(PHONE_PATTERN.test(number)).toBe(false);
    expect(PHONE_DIGITS_PATTERN.test('5550100')).toBe(true);
    expect(PHONE_DIGITS_PATTERN.test('555 0100')).toBe(false);
  });

  it('takes web addresses with http or https and no spaces', () => {
    expect(WEB_ADDRESS_PATTERN.test('https://www.linkedin.com/in/casey')).toBe(true);
    for (const text of ['www.linkedin.com', 'ftp://example.com', 'https://exa mple.com'])
      expect(WEB_ADDRESS_PATTERN.test(text)).toBe(false);
  });

  it("takes a part's image as a web address or a path on this site", () => {
    for (const url of ['https://cdn.example.com/chain.png', '/parts/chain.svg'])
      expect(isImageUrl(url)).toBe(true);
    for (const url of ['parts/chain.svg', 'javascript:alert(1)', '/parts/a chain.svg'])
      expect(isImageUrl(url)).toBe(false);
  });
});
