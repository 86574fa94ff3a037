/**
 * A customer's choices about the shop's mails (issue 37 item 4): GET and PUT
 * /profiles/me/preferences, shown on My Profile. Apart from the profile, whose form asks for much
 * more, so a choice about mails needs nothing else filled in.
 */
import * as yup from 'yup';

export const preferencesSchema = yup.object({
  /** One reminder of a cart left for CART_REMINDER_AFTER_HOURS with parts still in stock. */
  cartReminders: yup
    .boolean()
    .strict()
    .required('Say whether to send cart reminders (true or false)'),
});
export type Preferences = yup.InferType<typeof preferencesSchema>;

/** What a customer who never chose is sent. */
export const DEFAULT_PREFERENCES: Preferences = { cartReminders: true };

/** How long a signed-in customer's cart stays untouched before its one reminder. */
export const CART_REMINDER_AFTER_HOURS = 24;
