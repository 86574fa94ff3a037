/**
 * The brand settings as the owner saves them (PUT /admin/brand) and the dashboard's form checks
 * them: one schema for both (docs/decisions/104). Its rules and words are brand-rules.ts's.
 */
import * as yup from 'yup';
import {
  accentProblem,
  BRAND_ADDRESS_MAX,
  BRAND_ICON_SIZES,
  BRAND_NAME_MAX,
  brandMessages,
  isSocialUrl,
  LOGO_SIZE,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '../brand/brand-rules.js';
import { isImageUrl, PHONE_PATTERN } from './patterns.js';
import { atMost, EMAIL_MAX, URL_MAX } from './text-limits.js';

/** A shop's phone as it is written on a letterhead: "+44 20 7946 0958" and longer. */
export const BRAND_PHONE_MAX = 30;

/**
 * An object's own fields of `keys`, and nothing else: yup would look a field named "toString" or
 * "__proto__" up on the prototype and fail on it (the API's validate() does this for the body's
 * top level only).
 */
const ownFields = (keys: readonly string[]) => (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(
        keys
          .filter((key) => Object.hasOwn(value, key))
          .map((key) => [key, (value as Record<string, unknown>)[key]]),
      )
    : value;

const imageUrl = (label: string) =>
  yup
    .string()
    .trim()
    .required(`${label} is required`)
    .max(URL_MAX, atMost(label, URL_MAX))
    .test('image-url', `${label} must be a web address or a path on this site`, (value) =>
      isImageUrl(value ?? ''),
    );

const logoDimension = (label: string) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .integer(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(LOGO_SIZE, `${label} must be at most ${LOGO_SIZE}`)
    .required(`${label} is required`);

const logoSchema = yup
  .object({
    url: imageUrl('The logo'),
    width: logoDimension("The logo's width"),
    height: logoDimension("The logo's height"),
    icons: yup
      .object(
        Object.fromEntries(
          BRAND_ICON_SIZES.map((size) => [`${size}`, imageUrl(`The ${size} px icon`)]),
        ) as Record<`${(typeof BRAND_ICON_SIZES)[number]}`, ReturnType<typeof imageUrl>>,
      )
      .transform(ownFields(BRAND_ICON_SIZES.map((size) => `${size}`)))
      .required('The icons are required'),
  })
  .transform(ownFields(['url', 'width', 'height', 'icons']))
  .nullable()
  .default(null);

const socialField = (network: SocialNetwork) =>
  yup
    .string()
    .trim()
    .default('')
    .max(URL_MAX, atMost('The address', URL_MAX))
    .test(
      'social',
      brandMessages.socialInvalid(network),
      (value) => !value || isSocialUrl(network, value),
    );

export const brandSettingsSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(brandMessages.nameRequired)
    .max(BRAND_NAME_MAX, atMost("The shop's name", BRAND_NAME_MAX)),
  accent: yup
    .string()
    .trim()
    .required(brandMessages.accentPattern)
    .max(7, brandMessages.accentPattern)
    .test(
      'accent',
      ({ value }: { value?: string }) => accentProblem(value ?? ''),
      (value) => accentProblem(value ?? '') === null,
    )
    .transform((value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value)),
  logo: logoSchema,
  email: yup
    .string()
    .trim()
    .default('')
    .max(EMAIL_MAX, atMost('Email', EMAIL_MAX))
    .email(brandMessages.emailInvalid),
  phone: yup
    .string()
    .trim()
    .default('')
    .max(BRAND_PHONE_MAX, atMost('The phone number', BRAND_PHONE_MAX))
    .test('phone', brandMessages.phoneInvalid, (value) => !value || PHONE_PATTERN.test(value)),
  address: yup
    .string()
    .trim()
    .default('')
    .max(BRAND_ADDRESS_MAX, atMost('The address', BRAND_ADDRESS_MAX)),
  social: yup
    .object(
      Object.fromEntries(
        SOCIAL_NETWORKS.map((network) => [network, socialField(network)]),
      ) as Record<SocialNetwork, ReturnType<typeof socialField>>,
    )
    .nonNullable("Give the social links as each network's address")
    .typeError("Give the social links as each network's address")
    .transform(ownFields(SOCIAL_NETWORKS))
    .default(() => Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, ''])))
    .noUnknown('Only the listed networks can be linked'),
});
