/**
 * What a part fits (issue 25 item 2): the specifications the shop defines, their labels and
 * allowed values, once for the API (POST/PATCH /parts, the CSV import, GET /parts?spec.key=…),
 * the product page, All Parts' filters and the admin's forms (docs/decisions/067). Which of them a
 * category uses is the owner's choice, stored with the category (categories.ts, decision 108).
 * Plain values, no yup: the public pages read them without loading the schemas.
 */

/** One value a choice spec may take: its id (in the API and URLs) and what people read. */
export interface SpecChoice {
  value: string;
  label: string;
}

interface SpecBase {
  key: string;
  label: string;
  /**
   * Whether All Parts offers it as a filter with no category chosen: the standards a shopper
   * matches a bike by (speeds, wheel size, axle, brake mount).
   */
  headline?: boolean;
  /**
   * Whether it is a standard two parts must share to fit together (a chain's and a cassette's
   * speeds, a hub's and a cassette's freehub body), as opposed to a size or figure of its own (a
   * saddle's width, a light's brightness). The product page's "Fits with this part" reads it.
   */
  standard?: boolean;
}

/** A spec with listed values (a wheel size, a brake mount). */
export interface ChoiceSpec extends SpecBase {
  kind: 'choice';
  choices: readonly SpecChoice[];
}

/** A spec that is a whole number in a range (speeds, a saddle's width in mm). */
export interface NumberSpec extends SpecBase {
  kind: 'number';
  min: number;
  max: number;
  /** Written after the number ("145 mm"); none for a plain count. */
  unit?: string;
  /**
   * The values All Parts offers to filter by (a part may have any in the range); none: it is
   * shown, not filtered by (a light's brightness).
   */
  filterValues?: readonly number[];
}

export type SpecDefinition = ChoiceSpec | NumberSpec;

/** A part's specs as the API answers and stores them: a choice's id, or a number. */
export type PartSpecs = Record<string, string | number>;

const choices = (...pairs: [value: string, label: string][]): SpecChoice[] =>
  pairs.map(([value, label]) => ({ value, label }));

const speeds: NumberSpec = {
  key: 'speeds',
  standard: true,
  label: 'Speeds',
  kind: 'number',
  min: 1,
  max: 13,
  headline: true,
  filterValues: [8, 9, 10, 11, 12, 13],
};
const wheelSize: ChoiceSpec = {
  key: 'wheelSize',
  standard: true,
  label: 'Wheel size',
  kind: 'choice',
  headline: true,
  choices: choices(
    ['700c', '700c'],
    ['650b', '650b'],
    ['29', '29"'],
    ['27.5', '27.5"'],
    ['26', '26"'],
  ),
};
/** A tyre's width: a size of one tyre sells in several (650bx47 is 650b and 47 mm, decision 088). */
const tyreWidth: NumberSpec = {
  key: 'tyreWidth',
  label: 'Tyre width',
  kind: 'number',
  min: 18,
  max: 130,
  unit: 'mm',
  filterValues: [25, 28, 32, 35, 40, 45, 47, 50, 56, 61],
};
const axle: ChoiceSpec = {
  key: 'axle',
  standard: true,
  label: 'Axle standard',
  kind: 'choice',
  headline: true,
  choices: choices(
    ['qr', 'Quick release'],
    ['12x100', '12×100 mm thru-axle'],
    ['12x142', '12×142 mm thru-axle'],
    ['15x110', '15×110 mm thru-axle'],
    ['boost-15x110', 'Boost 15×110 mm'],
    ['boost-12x148', 'Boost 12×148 mm'],
  ),
};
const brakeType: ChoiceSpec = {
  key: 'brakeType',
  standard: true,
  label: 'Brake type',
  kind: 'choice',
  choices: choices(['disc', 'Disc'], ['rim', 'Rim']),
};
const brakeMount: ChoiceSpec = {
  key: 'brakeMount',
  standard: true,
  label: 'Brake mount',
  kind: 'choice',
  headline: true,
  choices: choices(
    ['flat-mount', 'Flat mount'],
    ['post-mount', 'Post mount'],
    ['is', 'IS'],
    ['rim', 'Rim brake'],
  ),
};
const rotorMount: ChoiceSpec = {
  key: 'rotorMount',
  standard: true,
  label: 'Rotor mount',
  kind: 'choice',
  choices: choices(['6-bolt', '6-bolt'], ['center-lock', 'Center Lock']),
};
const rotorSize: NumberSpec = {
  key: 'rotorSize',
  label: 'Rotor size',
  kind: 'number',
  min: 120,
  max: 230,
  unit: 'mm',
  filterValues: [140, 160, 180, 203, 220],
};
const bottomBracket: ChoiceSpec = {
  key: 'bottomBracket',
  standard: true,
  label: 'Bottom bracket',
  kind: 'choice',
  choices: choices(
    ['bsa', 'BSA threaded'],
    ['t47', 'T47 threaded'],
    ['bb86', 'BB86 press-fit'],
    ['pf30', 'PF30 press-fit'],
    ['bb30', 'BB30'],
  ),
};
const freehub: ChoiceSpec = {
  key: 'freehub',
  standard: true,
  label: 'Freehub body',
  kind: 'choice',
  choices: choices(
    ['hg', 'Shimano HG'],
    ['microspline', 'Shimano Micro Spline'],
    ['xd', 'SRAM XD'],
    ['xdr', 'SRAM XDR'],
    ['campagnolo', 'Campagnolo N3W'],
  ),
};
const valve: ChoiceSpec = {
  key: 'valve',
  standard: true,
  label: 'Valve',
  kind: 'choice',
  choices: choices(['presta', 'Presta'], ['schrader', 'Schrader']),
};
const barClamp: ChoiceSpec = {
  key: 'barClamp',
  standard: true,
  label: 'Bar clamp',
  kind: 'choice',
  choices: choices(['25.4', '25.4 mm'], ['31.8', '31.8 mm'], ['35', '35 mm']),
};
const steerer: ChoiceSpec = {
  key: 'steerer',
  standard: true,
  label: 'Steerer',
  kind: 'choice',
  choices: choices(['1-1/8', 'Straight 1-1/8"'], ['tapered', 'Tapered 1-1/8"–1.5"']),
};
const saddleWidth: NumberSpec = {
  key: 'saddleWidth',
  label: 'Saddle width',
  kind: 'number',
  min: 100,
  max: 200,
  unit: 'mm',
  filterValues: [130, 135, 140, 143, 145, 150, 155, 160],
};
const pedalSystem: ChoiceSpec = {
  key: 'pedalSystem',
  standard: true,
  label: 'Pedal system',
  kind: 'choice',
  choices: choices(
    ['flat', 'Flat'],
    ['two-bolt', 'Two-bolt (SPD)'],
    ['three-bolt', 'Three-bolt (road)'],
  ),
};
const lightPosition: ChoiceSpec = {
  key: 'lightPosition',
  label: 'Position',
  kind: 'choice',
  choices: choices(['front', 'Front'], ['rear', 'Rear']),
};
const lumens: NumberSpec = {
  key: 'lumens',
  label: 'Brightness',
  kind: 'number',
  min: 1,
  max: 10_000,
  unit: 'lm',
};

/**
 * Every spec the shop defines, each once, in the order filters and links list them: the set a
 * category chooses its specifications from (decision 108).
 */
export const SPEC_LIST: readonly SpecDefinition[] = [
  speeds,
  freehub,
  bottomBracket,
  wheelSize,
  tyreWidth,
  axle,
  brakeType,
  rotorMount,
  valve,
  brakeMount,
  rotorSize,
  barClamp,
  steerer,
  saddleWidth,
  pedalSystem,
  lightPosition,
  lumens,
];

/** Every spec the shop defines, by key. */
export const SPEC_DEFINITIONS: ReadonlyMap<string, SpecDefinition> = new Map(
  SPEC_LIST.map((spec) => [spec.key, spec]),
);

/**
 * What the spec rules need of a category: its name (for the refusals' words) and the keys of the
 * specs it uses, in its order (a stored category, decision 108).
 */
export interface SpecsOfCategory {
  name: string;
  specs: readonly string[];
}

/** A category's specs, defined ones only, in the category's order. */
export const categorySpecs = (category: SpecsOfCategory | undefined): SpecDefinition[] =>
  (category?.specs ?? []).flatMap((key) => {
    const spec = SPEC_DEFINITIONS.get(key);
    return spec ? [spec] : [];
  });

/**
 * The specs All Parts filters by: the category's, or the headline ones with none chosen; only
 * those with values to offer (specFilterChoices).
 */
export const filterSpecsFor = (category: SpecsOfCategory | undefined): readonly SpecDefinition[] =>
  (category === undefined
    ? SPEC_LIST.filter((spec) => spec.headline)
    : categorySpecs(category)
  ).filter((spec) => spec.kind === 'choice' || (spec.filterValues?.length ?? 0) > 0);

/** The values All Parts offers for a spec, with their words. */
export const specFilterChoices = (spec: SpecDefinition): readonly SpecChoice[] =>
  spec.kind === 'choice'
    ? spec.choices
    : (spec.filterValues ?? []).map((value) => ({
        value: String(value),
        label: specValueLabel(spec, value),
      }));

/** A spec's value as people read it: the choice's label, or the number with its unit. */
export function specValueLabel(spec: SpecDefinition, value: string | number): string {
  if (spec.kind === 'number') return spec.unit ? `${value} ${spec.unit}` : String(value);
  return spec.choices.find((choice) => choice.value === value)?.label ?? String(value);
}

/**
 * A part's specs as the product page and its structured data show them: in its category's order,
 * each with its definition, value and the value in words; for a part whose category the page does
 * not know (a hidden one, decision 108), every defined spec it has, in the definitions' order.
 * With `variant`, that size's specs (soldSpecs): the part's, with the variant's own over them.
 */
export const partSpecRows = (
  part: { specs: PartSpecs },
  category: SpecsOfCategory | undefined,
  variant?: { specs?: PartSpecs },
) => {
  const specs = soldSpecs(part.specs, variant?.specs);
  return (category ? categorySpecs(category) : SPEC_LIST).flatMap((spec) => {
    const value = specs[spec.key];
    return value === undefined ? [] : [{ spec, value, text: specValueLabel(spec, value) }];
  });
};

/**
 * The specs of one way a part is sold (docs/decisions/088): the part's, with a variant's own over
 * them (a tyre's 650b and 47 mm on its 650bx47 size); the part's alone for a part sold as one.
 */
export const soldSpecs = (partSpecs: PartSpecs, variantSpecs?: PartSpecs): PartSpecs =>
  variantSpecs && Object.keys(variantSpecs).length > 0
    ? { ...partSpecs, ...variantSpecs }
    : partSpecs;

/**
 * The specs every way a part is sold has alike: the part's own for a part sold as one; for one
 * sold in variants, the values all its sizes share (what the Product's structured data claims for
 * the whole part; each offer names its own).
 */
export function sharedSpecs(part: {
  specs: PartSpecs;
  variants?: readonly { specs?: PartSpecs }[];
}): PartSpecs {
  const variants = part.variants ?? [];
  if (variants.length === 0) return part.specs;
  const [first, ...others] = variants.map((variant) => soldSpecs(part.specs, variant.specs));
  return Object.fromEntries(
    Object.entries(first!).filter(([key, value]) => others.every((specs) => specs[key] === value)),
  );
}

/** What a spec accepts, in words, for the refusals below. */
const allowedText = (spec: SpecDefinition): string =>
  spec.kind === 'number'
    ? `${spec.label} is a whole number from ${spec.min} to ${spec.max}`
    : `${spec.label} is one of: ${spec.choices.map((choice) => choice.value).join(', ')}`;

/**
 * A value as stored for `spec`, read from JSON, a form's text or a query string, or a refusal in
 * plain words. A number spec takes a JSON number or plain digits.
 */
export function readSpecValue(
  spec: SpecDefinition,
  value: unknown,
): { value: string | number } | { problem: string } {
  if (spec.kind === 'number') {
    const number =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value)
          ? Number(value)
          : NaN;
    return Number.isInteger(number) && number >= spec.min && number <= spec.max
      ? { value: number }
      : { problem: allowedText(spec) };
  }
  const text = typeof value === 'string' ? value.trim() : undefined;
  return spec.choices.some((choice) => choice.value === text)
    ? { value: text! }
    : { problem: allowedText(spec) };
}

export interface SpecsReading {
  /** The specs as stored: known keys, values read; empty values (`""`, null) left out. */
  specs: PartSpecs;
  /** Refusals by key (`speeds`), in plain words; empty when the specs are good. */
  problems: Record<string, string>;
}

/** Why a spec key is refused for a category: the specs it has, in words. */
const notInCategory = (category: SpecsOfCategory) =>
  category.specs.length === 0
    ? `${category.name} have no specifications`
    : `${category.name} have these specifications: ${categorySpecs(category)
        .map((s) => s.key)
        .join(', ')}`;

/**
 * A part's `specs` checked against its category's (categorySpecs): an object whose keys are
 * specs of that category and whose values each spec allows. An empty value means "not given".
 * The one rule behind POST/PATCH /parts, the CSV import and the admin's forms.
 */
export function readPartSpecs(raw: unknown, category: SpecsOfCategory): SpecsReading {
  const specs: PartSpecs = {};
  const problems: Record<string, string> = {};
  if (raw === undefined || raw === null) return { specs, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { specs, problems: { specs: 'Specs are an object, like { "speeds": 12 }' } };
  }
  const allowed = categorySpecs(category);
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined || value === '') continue;
    const spec = allowed.find((candidate) => candidate.key === key);
    if (!spec) {
      problems[key] = notInCategory(category);
      continue;
    }
    const read = readSpecValue(spec, value);
    if ('problem' in read) problems[key] = read.problem;
    else specs[key] = read.value;
  }
  return { specs, problems };
}

/** The query parameters that filter by a spec: `spec.speeds=12`. */
export const SPEC_PARAM_PREFIX = 'spec.';

/** A catalogue query's spec filters: each key's wanted values (any of them), as stored. */
export type SpecFilters = Record<string, (string | number)[]>;

/**
 * The spec filters among a query string's parameters (`spec.speeds=11&spec.speeds=12`, or
 * `spec.speeds=11,12`): each key's values as typed, empty ones left out; undefined when there
 * are none. `specFilterValues` and `specFilterProblems` read and check them.
 */
export function specFilterParams(
  params: Record<string, readonly string[] | undefined>,
): Record<string, string[]> | undefined {
  const found: Record<string, string[]> = {};
  for (const [name, texts] of Object.entries(params)) {
    if (!name.startsWith(SPEC_PARAM_PREFIX) || !texts) continue;
    const values = texts
      .flatMap((text) => text.split(','))
      .map((text) => text.trim())
      .filter((text) => text !== '');
    if (values.length > 0) found[name.slice(SPEC_PARAM_PREFIX.length)] = values;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The filters' values as stored (numbers for a number spec), each once; others left as typed. */
export function specFilterValues(params: Record<string, readonly unknown[]>): SpecFilters {
  return Object.fromEntries(
    Object.entries(params).map(([key, values]) => {
      const spec = SPEC_DEFINITIONS.get(key);
      const read = values.map((value) => {
        const reading = spec ? readSpecValue(spec, value) : undefined;
        return reading && 'value' in reading ? reading.value : (value as string);
      });
      return [key, [...new Set(read)]];
    }),
  );
}

/**
 * Why spec filters cannot be answered, by parameter name (`spec.speeds`): a key the shop does
 * not know (or, with a category, that the category lacks), or a value its spec does not allow.
 */
export function specFilterProblems(
  filters: Record<string, readonly unknown[]>,
  category: SpecsOfCategory | undefined,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const known = category === undefined ? undefined : categorySpecs(category);
  for (const [key, values] of Object.entries(filters)) {
    const name = `${SPEC_PARAM_PREFIX}${key}`;
    const spec = known
      ? known.find((candidate) => candidate.key === key)
      : SPEC_DEFINITIONS.get(key);
    if (!spec) {
      problems[name] = !known
        ? `Filter by a specification the shop knows: ${[...SPEC_DEFINITIONS.keys()].join(', ')}`
        : notInCategory(category!);
      continue;
    }
    const refused = values
      .map((value) => readSpecValue(spec, value))
      .find((read) => 'problem' in read);
    if (refused && 'problem' in refused) problems[name] = refused.problem;
  }
  return problems;
}

/** Whether a part's specs answer every filter (any of each key's values). */
export const specsMatch = (specs: PartSpecs | undefined, filters: SpecFilters): boolean =>
  Object.entries(filters).every(
    ([key, wanted]) => specs?.[key] !== undefined && wanted.includes(specs[key]!),
  );

/**
 * Whether a part answers the spec filters (docs/decisions/088): a part sold as one by its specs,
 * one sold in variants when one variant answers them all with its soldSpecs (a tyre in 700x32c
 * and 650bx47 is found by 650b, not by 650b and 32 mm together). `sellable`, when given, says
 * which variants count (in stock, for "In stock only").
 */
export function partMatchesSpecs<V extends { specs?: PartSpecs }>(
  part: { specs: PartSpecs; variants?: readonly V[] },
  filters: SpecFilters,
  sellable?: (variant: V) => boolean,
): boolean {
  const variants = part.variants ?? [];
  if (variants.length === 0) return specsMatch(part.specs, filters);
  return variants.some(
    (variant) =>
      (!sellable || sellable(variant)) && specsMatch(soldSpecs(part.specs, variant.specs), filters),
  );
}

/** The query string's pairs of spec filters, in the definitions' order: one URL per query. */
export function specFilterPairs(filters: SpecFilters | undefined): [string, string][] {
  if (!filters) return [];
  return [...SPEC_DEFINITIONS.keys()].flatMap((key) =>
    (filters[key] ?? []).map((value): [string, string] => [
      `${SPEC_PARAM_PREFIX}${key}`,
      String(value),
    ]),
  );
}
