/**
 * A category as the owner saves it (POST/PATCH /admin/categories, PUT …/order) and the dashboard's
 * form checks it (docs/decisions/108): one schema for both, its rules and words categories.ts's.
 * Whether a name is taken needs the shop's list: categoryProblems, run by the form over the list
 * it shows and by the API over the stored one.
 */
import * as yup from 'yup';
import {
  CATEGORIES_MAX,
  CATEGORY_ID_MAX,
  CATEGORY_ID_PATTERN,
  CATEGORY_NAME_MAX,
  categoryMessages,
  categoryProblems,
  type Category,
} from '../parts/categories.js';
import { SPEC_DEFINITIONS } from '../parts/specs.js';

const nameField = () =>
  yup
    .string()
    .trim()
    .required(categoryMessages.nameRequired)
    .max(CATEGORY_NAME_MAX, categoryMessages.nameTooLong);

const SPEC_KEY_TEXT = 'Each spec is a key, like speeds';

/**
 * An item of a list that must be text: yup's string() would convert anything else, and crash on
 * an object without a working toString ({"toString": 1}); mixed() converts nothing.
 */
const textItem = (message: string) =>
  yup
    .mixed<string>()
    .test('text', message, (value) => typeof value === 'string')
    .required(message);

const specsField = () =>
  yup
    .array(textItem(SPEC_KEY_TEXT))
    .typeError('specs is a list of spec keys, like ["speeds"]')
    .max(SPEC_DEFINITIONS.size, `Pick at most ${SPEC_DEFINITIONS.size} specifications`)
    .test('known-specs', 'Pick specifications the shop knows', function (specs) {
      // An item that is not text has its own refusal above.
      if (!specs?.every((key) => typeof key === 'string')) return true;
      const problem = categoryProblems({ specs }, []).specs;
      return problem === undefined || this.createError({ message: problem });
    });

/** POST /admin/categories: a new category's name and the specs it uses. */
export const categoryInputSchema = yup.object({
  name: nameField(),
  specs: specsField().default([]),
});

/** PATCH /admin/categories/{id}: a new name, other specs, or hidden or shown; at least one. */
export const categoryEditSchema = yup
  .object({
    name: nameField().optional().default(undefined),
    specs: specsField().optional().default(undefined),
    hidden: yup.boolean().typeError('hidden must be true or false').optional(),
  })
  .test('something', 'Send a name, specs or hidden', (edit) =>
    Object.values(edit).some((value) => value !== undefined),
  );
export type CategoryEdit = yup.InferType<typeof categoryEditSchema>;

/** PUT /admin/categories/order: every category's id, in the new order. */
export const categoryOrderSchema = yup.object({
  ids: yup
    .array(
      textItem(categoryMessages.orderNotWhole).test(
        'category-id',
        categoryMessages.orderNotWhole,
        (id) =>
          typeof id === 'string' && id.length <= CATEGORY_ID_MAX && CATEGORY_ID_PATTERN.test(id),
      ),
    )
    .max(CATEGORIES_MAX, categoryMessages.orderNotWhole)
    .required(categoryMessages.orderNotWhole),
});

/** The path's category id (PATCH, DELETE /admin/categories/{id}). */
export const categoryParamsSchema = yup.object({
  id: yup
    .string()
    .required()
    .max(CATEGORY_ID_MAX, 'Not a category')
    .matches(CATEGORY_ID_PATTERN, 'Not a category'),
});

/**
 * The dashboard's form of a category: the API's fields, and its name not taken by another of
 * `categories` (`ownId`: the one being renamed).
 */
export const categoryFormSchema = (categories: readonly Category[], ownId?: string) =>
  categoryInputSchema.test('name-free', 'The name is taken', function (input) {
    const problem = categoryProblems({ name: input.name }, categories, ownId).name;
    return problem === undefined || this.createError({ path: 'name', message: problem });
  });
