/**
 * A page the owner writes, as the dashboard's form and the API check it (docs/decisions/094), with
 * the rules of pages/page-rules.ts: a module of its own, so that the storefront's footer, which
 * needs those rules' labels, does not build the schema (docs/decisions/112).
 */
import * as yup from 'yup';
import {
  FOOTER_COLUMNS,
  PAGE_DESCRIPTION_MAX,
  PAGE_SLUG_MAX,
  PAGE_TEXT_MAX,
  PAGE_TITLE_MAX,
  pageMessages,
  pageSlugProblem,
  type FooterColumn,
} from '../pages/page-rules.js';
import { atMost } from './text-limits.js';

/** A page as the owner writes it: POST /admin/pages, PUT /admin/pages/{slug}, and the form. */
export const shopPageSchema = yup.object({
  slug: yup
    .string()
    .default('')
    .trim()
    .max(PAGE_SLUG_MAX, atMost('The address', PAGE_SLUG_MAX))
    .test(
      'slug',
      ({ value }: { value?: string }) => pageSlugProblem(value ?? ''),
      (value) => pageSlugProblem(value ?? '') === null,
    ),
  title: yup
    .string()
    .trim()
    .required(pageMessages.titleRequired)
    .max(PAGE_TITLE_MAX, atMost('The title', PAGE_TITLE_MAX)),
  description: yup
    .string()
    .trim()
    .default('')
    .max(PAGE_DESCRIPTION_MAX, atMost('The description', PAGE_DESCRIPTION_MAX)),
  footer: yup
    .string<FooterColumn>()
    .max(
      Math.max(...FOOTER_COLUMNS.map((column) => column.length)),
      'Choose a footer column, or none',
    )
    .oneOf(FOOTER_COLUMNS, 'Choose a footer column, or none')
    .required('Choose a footer column, or none'),
  published: yup.boolean().typeError('Published must be true or false').required(),
  markdown: yup
    .string()
    .default('')
    .max(PAGE_TEXT_MAX, ({ value }: { value?: string }) =>
      pageMessages.textTooLong(value?.length ?? 0),
    )
    .test(
      'text',
      ({ value }: { value?: string }) => textProblem(value ?? ''),
      (value) => textProblem(value ?? '') === null,
    ),
});
export type ShopPageInput = yup.InferType<typeof shopPageSchema>;

function textProblem(text: string): string | null {
  if (text.trim() === '') return pageMessages.textRequired;
  if (text.length > PAGE_TEXT_MAX) return pageMessages.textTooLong(text.length);
  return null;
}
