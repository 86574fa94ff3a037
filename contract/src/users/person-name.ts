/**
 * A person's name as the shop writes it where others read it: on orders, in mails to the customer
 * and to the shop, on reviews. A name is the one text an attacker can put into a mail the shop
 * sends (issue 21), so it is short and carries no link a mail client would make clickable.
 */
import { NAME_MAX } from '../schemas/text-limits.js';

/** A scheme (https://, mailto:), www., an @, or a word.word ending in a top-level domain. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/*\S|www\.|@|[\p{L}\p{N}-]\.[a-z]{2,}(?![\p{L}\p{N}])/iu;
/** Line breaks, tabs and other control or invisible formatting characters. */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;

export const PERSON_NAME_LINK_MESSAGE = 'A name cannot contain a web or email address';

/** Whether a typed name looks like it holds a web or email address (refused by the forms). */
export const nameHasLink = (name: string): boolean => LINK_LIKE.test(name);

/**
 * A name from anywhere (a form, an identity provider's token) made safe to show: control
 * characters and link-like words removed, spaces collapsed, at most NAME_MAX characters.
 */
export function plainName(name: string): string {
  const words = name
    .replace(CONTROL, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !LINK_LIKE.test(word));
  return [...words.join(' ')].slice(0, NAME_MAX).join('').trim();
}
