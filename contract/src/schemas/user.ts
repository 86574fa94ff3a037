import * as yup from 'yup';

/**
 * PUT /user/admin/{email}: `{ "admin": false }` takes admin rights away; no body (the original
 * API's call) or `{ "admin": true }` gives them.
 */
export const adminRoleSchema = yup.object({
  admin: yup.boolean().typeError('admin must be true or false').default(true),
});
export type AdminRoleInput = yup.InferType<typeof adminRoleSchema>;

/** Why Make Admin refuses (docs/decisions/048). */
export const userMessages = {
  promoteUnverified:
    'This address is not verified yet: ask its owner to open the link in the email we sent, then try again',
} as const;
