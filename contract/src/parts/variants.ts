/**
 * A part's variants (issue 25 item 1): a part may declare options (`Size: 700x28c, 700x32c`) and
 * variants, one per combination sold, each with its own sku, price and stock. The rules here are
 * plain functions without yup, so the product page can use them; schemas/part.ts checks with them
 * for POST/PATCH /parts and the admin's forms (docs/decisions/064).
 */
import type { Cents } from '../money.js';
import { readPartSpecs, type PartSpecs, type SpecsOfCategory } from './specs.js';
import type { VariantMerchandising } from './merchandising.js';

export const OPTIONS_MAX = 3;
export const OPTION_NAME_MAX = 40;
export const OPTION_VALUES_MAX = 30;
export const OPTION_VALUE_MAX = 40;
/** 20 variants of 20 shards each stay within a Firestore transaction's 500 writes (decision 064). */
export const VARIANTS_MAX = 20;
export const SKU_MAX = 64;
/** Letters, digits and . _ - : a sku goes into addresses (the cart link) and CSV files. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Letters and digits of `text` in capitals, words joined by "-" ("650b x 47" → "650B-X-47"). */
const skuWords = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);

/**
 * The sku the product forms suggest for a variant (issue 36 item 7): the part's name's first
 * words and the variant's option values, in capitals ("Gravel tyre", 650bx47 →
 * "GRAVEL-TYRE-650BX47"), within SKU_MAX and SKU_PATTERN; numbered ("-2") when `taken` has it.
 */
export function suggestSku(
  partName: string,
  optionValues: readonly string[],
  taken: ReadonlySet<string> = new Set(),
): string {
  const values = optionValues.flatMap(skuWords);
  const room = SKU_MAX - values.join('-').length - 4;
  const name: string[] = [];
  for (const word of skuWords(partName).slice(0, 3)) {
    if ([...name, word].join('-').length > room) break;
    name.push(word);
  }
  const base = [...name, ...values].join('-').slice(0, SKU_MAX - 3) || 'SKU';
  let sku = base;
  for (let n = 2; taken.has(sku); n += 1) sku = `${base}-${n}`;
  return sku;
}

/** One way a part varies, and the values it comes in, in the shop's order. */
export type PartOption = {
  name: string;
  values: string[];
};

/** One variant as the catalogue shows it: what it is, its price (minor units) and its stock. */
export type PartVariant = VariantMerchandising & {
  sku: string;
  /** A value for every option of the part, by option name. */
  options: Record<string, string>;
  price: Cents;
  quantity: number;
  /**
   * What this size fits where it differs from the part (`{ wheelSize: "650b", tyreWidth: 47 }`):
   * specs of the part's category, over the part's own (soldSpecs, docs/decisions/088). The API
   * answers `{}` when it has none.
   */
  specs?: PartSpecs;
};

/** The words the API answers and the forms show about variants. */
export const variantMessages = {
  skuTwice: (sku: string) => `Each sku may appear once: ${sku} appears twice`,
  optionTwice: (name: string) => `Each option may appear once: ${name} appears twice`,
  valueTwice: (name: string, value: string) => `${name} lists ${value} twice`,
  needsValue: (sku: string, option: string) => `Variant ${sku} needs a ${option}`,
  unknownOption: (sku: string, option: string) =>
    `Variant ${sku} names ${option}, which is not one of the part's options`,
  unknownValue: (sku: string, option: string, value: string) =>
    `Variant ${sku}: ${value} is not one of the ${option} values`,
  sameCombination: (first: string, second: string) =>
    `Variants ${first} and ${second} are the same combination of options`,
  optionsWithoutVariants: 'A part with options needs at least one variant',
  variantsWithoutOptions: 'A part with variants needs at least one option',
  /** A line without a sku on a part sold in variants. */
  chooseVariant: (partName: string, options: readonly PartOption[]) =>
    `Choose the ${options.map((option) => option.name).join(' and ') || 'variant'} of ${partName}: send the sku of one of its variants`,
  /** A sku the part does not have (any more). */
  unknownSku: (partName: string, sku: string) => `${partName} has no variant ${sku}`,
  /** A sku on a part that has no variants. */
  noVariants: (partName: string) => `${partName} has no variants: leave the sku out`,
};

type VariantLike = { sku: string; options?: Record<string, string> | null };

/**
 * What is wrong with a part's options and variants, as messages: every sku once, every option
 * once with its values once, each variant naming a value for every option and only those, every
 * value one of its option's, and no two variants the same combination. Empty when all is well.
 */
export function variantProblems(
  options: readonly PartOption[] | undefined,
  variants: readonly VariantLike[] | undefined,
): string[] {
  const problems: string[] = [];
  const opts = options ?? [];
  const vars = variants ?? [];
  if (opts.length > 0 && vars.length === 0) problems.push(variantMessages.optionsWithoutVariants);
  if (vars.length > 0 && opts.length === 0) problems.push(variantMessages.variantsWithoutOptions);
  const names = new Set<string>();
  for (const option of opts) {
    if (names.has(option.name)) problems.push(variantMessages.optionTwice(option.name));
    names.add(option.name);
    const values = new Set<string>();
    for (const value of option.values) {
      if (values.has(value)) problems.push(variantMessages.valueTwice(option.name, value));
      values.add(value);
    }
  }
  const skus = new Set<string>();
  const combinations = new Map<string, string>();
  for (const variant of vars) {
    if (skus.has(variant.sku)) problems.push(variantMessages.skuTwice(variant.sku));
    skus.add(variant.sku);
    const chosen = variant.options ?? {};
    for (const name of Object.keys(chosen)) {
      if (!names.has(name)) problems.push(variantMessages.unknownOption(variant.sku, name));
    }
    for (const option of opts) {
      const value = chosen[option.name];
      if (value === undefined || value === '') {
        problems.push(variantMessages.needsValue(variant.sku, option.name));
      } else if (!option.values.includes(value)) {
        problems.push(variantMessages.unknownValue(variant.sku, option.name, value));
      }
    }
    const key = combinationKey(opts, chosen);
    const same = combinations.get(key);
    if (same !== undefined && same !== variant.sku) {
      problems.push(variantMessages.sameCombination(same, variant.sku));
    } else combinations.set(key, variant.sku);
  }
  return [...new Set(problems)];
}

/**
 * Each variant's own specs read for the part's category with the part's rule (readPartSpecs):
 * `specs` as stored by index (numbers as numbers, empty values left out) and the refusals by
 * path (`variants[1].specs.wheelSize`). The one check of a size's specs, for POST/PATCH /parts
 * and the admin's size editor (docs/decisions/088).
 */
export function readVariantSpecs(
  variants: readonly { specs?: unknown }[],
  category: SpecsOfCategory,
): { specs: (PartSpecs | undefined)[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const specs = variants.map((variant, index) => {
    if (variant.specs === undefined) return undefined;
    const reading = readPartSpecs(variant.specs, category);
    for (const [key, message] of Object.entries(reading.problems)) {
      problems[key === 'specs' ? `variants[${index}].specs` : `variants[${index}].specs.${key}`] =
        message;
    }
    return reading.specs;
  });
  return { specs, problems };
}

const combinationKey = (options: readonly PartOption[], chosen: Record<string, string>) =>
  JSON.stringify(options.map((option) => chosen[option.name] ?? ''));

/** Whether a part is sold in variants. */
export const hasVariants = (part: { variants?: readonly unknown[] | null }): boolean =>
  (part.variants?.length ?? 0) > 0;

/**
 * What a line of `part` with `sku` sells (docs/decisions/064): the part itself (no variant) for a
 * part sold as one and no sku; the variant of that sku for a part sold in variants; otherwise why
 * not, in the words the API answers: a sku on a part sold as one, no sku on a part sold in
 * variants, or a sku the part does not have (any more).
 */
export function soldVariant<V extends { sku: string }>(
  part: {
    productName: string;
    options?: readonly PartOption[] | null;
    variants?: readonly V[] | null;
  },
  sku?: string | null,
): { variant: V | undefined } | { refusal: string } {
  const { productName } = part;
  if (!hasVariants(part)) {
    return sku ? { refusal: variantMessages.noVariants(productName) } : { variant: undefined };
  }
  if (!sku) return { refusal: variantMessages.chooseVariant(productName, part.options ?? []) };
  const variant = part.variants?.find((candidate) => candidate.sku === sku);
  return variant ? { variant } : { refusal: variantMessages.unknownSku(productName, sku) };
}

/** The part's price as the original API shows it: its lowest variant's. */
export const lowestPrice = (variants: readonly { price: Cents }[]): Cents =>
  variants.reduce((low, variant) => Math.min(low, variant.price), Number.POSITIVE_INFINITY);

/** The variant's values in the order of the part's options: "700x28c", "700x28c / Black". */
export function variantLabel(
  options: readonly PartOption[],
  variant: Pick<PartVariant, 'options'>,
): string {
  return options
    .map((option) => variant.options[option.name])
    .filter((value): value is string => Boolean(value))
    .join(' / ');
}

/**
 * The variant with `chosen` values for the options named in it (the product page's picker), or
 * undefined while no variant has them all.
 */
export function variantWith(
  variants: readonly PartVariant[],
  chosen: Record<string, string | undefined>,
): PartVariant | undefined {
  return variants.find((variant) =>
    Object.entries(chosen).every(([name, value]) => variant.options[name] === value),
  );
}

/** A line's name as shown: the part's, with its variant's values ("Road tyre (700x28c)"). */
export const lineName = (line: { partName: string; variant?: string }): string =>
  line.variant ? `${line.partName} (${line.variant})` : line.partName;
