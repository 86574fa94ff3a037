/**
 * The longest text the shared fields take, where no entity of their own sets it: enough for any
 * real value, little enough that no one stores a novel in a name.
 */

/** A person's name, a degree, a card holder. */
export const NAME_MAX = 80;
/** The longest address a mail server must accept (RFC 5321: a 256-octet path less its brackets). */
export const EMAIL_MAX = 254;
/** A stored document's id or a payment provider's id. */
export const ID_MAX = 128;
/** A web address: what browsers and CDNs reliably pass along. */
export const URL_MAX = 2048;

/** The message of a text field's max rule, in the shared schemas' words. */
export const atMost = (label: string, max: number) => `${label} must be at most ${max} characters`;
