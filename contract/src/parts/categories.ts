/**
 * The catalogue's categories as the owner manages them (issue 36 item 5, docs/decisions/108):
 * stored, ordered, named and hidden by the owner, each using specifications chosen from the set
 * the shop defines (specs.ts). A category's id is its stable name in parts, URLs and filters
 * (`/parts?category=brakes`); a rename changes only its `name`. Plain rules, no yup: the public
 * pages read them (the schema is schemas/category.ts).
 */
import { SPEC_DEFINITIONS } from './specs.js';

/** A category as the API answers and stores it, in the shop's order. */
export type Category = {
  /** Made from its first name and never changed (a rename keeps parts, links and filters). */
  id: string;
  name: string;
  /** The keys of the specs its parts give, from SPEC_DEFINITIONS, in the order pages show them. */
  specs: string[];
  /** A hidden category's parts are left out of the storefront's lists; the admin keeps them. */
  hidden: boolean;
};

/** A category as the admin's list shows it: with how many parts it has. */
export type AdminCategory = Category & { parts: number };

/** What the owner sends to add a category or change it (POST, PATCH /admin/categories). */
export interface CategoryInput {
  name: string;
  specs: string[];
}

export const CATEGORY_NAME_MAX = 40;
/** Room for every category a bike shop has and more; the storefront's filter lists them all. */
export const CATEGORIES_MAX = 50;
/** A category id: lowercase words joined by hyphens, as it goes into a URL. */
export const CATEGORY_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const CATEGORY_ID_MAX = 60;

/**
 * The shop's categories before the owner changes any: the eight the catalogue began with, and
 * what the seed and every store without stored categories show.
 */
export const DEFAULT_CATEGORIES: readonly Category[] = [
  { id: 'drivetrain', name: 'Drivetrain', specs: ['speeds', 'freehub', 'bottomBracket'] },
  {
    id: 'wheels-and-tyres',
    name: 'Wheels and tyres',
    specs: ['wheelSize', 'tyreWidth', 'axle', 'brakeType', 'rotorMount', 'freehub', 'valve'],
  },
  { id: 'brakes', name: 'Brakes', specs: ['brakeType', 'brakeMount', 'rotorMount', 'rotorSize'] },
  { id: 'cockpit', name: 'Cockpit', specs: ['barClamp', 'steerer'] },
  { id: 'saddles', name: 'Saddles', specs: ['saddleWidth'] },
  { id: 'pedals', name: 'Pedals', specs: ['pedalSystem'] },
  { id: 'lights', name: 'Lights', specs: ['lightPosition', 'lumens'] },
  { id: 'accessories', name: 'Accessories', specs: [] },
].map((category) => ({ ...category, hidden: false }));

/**
 * Where a part without a category belongs: parts stored before categories existed, and parts
 * added by clients of the original API, which know nothing of categories. It cannot be deleted.
 */
export const DEFAULT_PART_CATEGORY = 'accessories';

/** The category of this id, if the list has it. */
export const categoryOf = (categories: readonly Category[], id: string | undefined) =>
  id === undefined ? undefined : categories.find((category) => category.id === id);

/** A category's name for a part's category id; the id itself when the list lacks it. */
export const categoryName = (categories: readonly Category[], id: string): string =>
  categoryOf(categories, id)?.name ?? id;

/** The words the category rules refuse with, the same in the API and the dashboard. */
export const categoryMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CATEGORY_NAME_MAX} characters`,
  nameTaken: (name: string) => `There is already a category named ${name}`,
  unknownSpec: (key: string) =>
    `${key} is not a specification the shop knows: pick from ${[...SPEC_DEFINITIONS.keys()].join(', ')}`,
  repeatedSpec: (key: string) => `${key} is chosen twice`,
  tooMany: `A shop has at most ${CATEGORIES_MAX} categories`,
  unknown: 'Pick one of the categories',
  stillHasParts: (name: string, parts: number) =>
    `${name} still has ${parts} ${parts === 1 ? 'part' : 'parts'}: hide it instead`,
  keepsDefault: (name: string) => `${name} is where parts without a category go: hide it instead`,
  orderNotWhole: 'Send every category id once, in the new order',
};

/** The name as stored: spaces at the ends dropped, runs of spaces made one. */
export const categoryNameOf = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * Why a category's name and specs cannot be saved, by field (`name`, `specs`); empty when they
 * can. `categories` is the shop's list; `ownId` the category being changed, whose own name is not
 * a clash. The one rule of the dashboard's form and POST/PATCH /admin/categories.
 */
export function categoryProblems(
  input: Partial<CategoryInput>,
  categories: readonly Category[],
  ownId?: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.name !== undefined) {
    const name = categoryNameOf(input.name);
    const folded = name.toLocaleLowerCase();
    if (name === '') problems.name = categoryMessages.nameRequired;
    else if (name.length > CATEGORY_NAME_MAX) problems.name = categoryMessages.nameTooLong;
    else if (
      categories.some((other) => other.id !== ownId && other.name.toLocaleLowerCase() === folded)
    )
      problems.name = categoryMessages.nameTaken(name);
  }
  if (input.specs !== undefined) {
    const unknown = input.specs.find((key) => !SPEC_DEFINITIONS.has(key));
    const repeated = input.specs.find((key, index) => input.specs!.indexOf(key) !== index);
    if (unknown !== undefined) problems.specs = categoryMessages.unknownSpec(unknown);
    else if (repeated !== undefined) problems.specs = categoryMessages.repeatedSpec(repeated);
  }
  return problems;
}

/**
 * A new category's id, made from its name (`Bags and racks` → `bags-and-racks`), and numbered
 * when another has it already (`bags-and-racks-2`); `category` when the name has no letters or
 * digits to make one from.
 */
export function newCategoryId(name: string, categories: readonly Category[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, CATEGORY_ID_MAX - 4)
      .replace(/-+$/, '') || 'category';
  const taken = new Set(categories.map((category) => category.id));
  let id = base;
  for (let number = 2; taken.has(id); number += 1) id = `${base}-${number}`;
  return id;
}
