/**
 * One mailbox, however its address is written (issue 33 item 4, docs/decisions/078): what
 * "once per customer" compares, so `Ann+1@Gmail.com`, ` ann@gmail.com ` and
 * `a.n.n@googlemail.com` are one customer, who reads all three in one inbox.
 */

/** Providers whose addresses ignore dots in the name, each under its one domain. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The address of the mailbox `email` reaches: without spaces, in lower case, without a `+tag`
 * (plus-addressing; a provider without it is still counted once, which only makes the rule
 * stricter), without dots in the name where the provider ignores them, and under the provider's
 * one domain.
 */
export function mailboxOf(email: string): string {
  const address = email.replace(/\s+/g, '').toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  const untagged = address.slice(0, at).split('+')[0] ?? '';
  const dotless = DOTLESS_DOMAINS[domain];
  return dotless ? `${untagged.replaceAll('.', '')}@${dotless}` : `${untagged}@${domain}`;
}
