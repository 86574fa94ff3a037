/**
 * Passwords: no yup here, so that the sign-up and login pages show these rules without loading
 * the schemas.
 */

/** Firebase Auth's password policy (its default): the shortest password it accepts. */
export const PASSWORD_MIN_LENGTH = 6;

/** The password rules sign-up shows under the field, each ticked once the password keeps it. */
export const passwordRules: readonly { label: string; isMet: (password: string) => boolean }[] = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    isMet: (password) => password.length >= PASSWORD_MIN_LENGTH,
  },
];

/** Whether a password keeps every rule in passwordRules. */
export const passwordIsAcceptable = (password: string) =>
  passwordRules.every((rule) => rule.isMet(password));
