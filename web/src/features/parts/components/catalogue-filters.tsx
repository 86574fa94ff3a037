import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_CATALOGUE_SORT,
  filterSpecsFor,
  categoryOf,
  PRICE_MAX_CENTS,
  SPEC_PARAM_PREFIX,
  specFilterChoices,
  type CatalogueFacets,
  type CatalogueQuery,
  type Category,
  type CatalogueSort,
} from '@sprocket/contract';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useCategories } from '../../../lib/categories-query.js';
import {
  catalogueQueryFromSearch,
  searchWithoutPage,
  specFiltersFor,
  TYPED_PRICE_PARAMS,
} from '../hooks/use-catalogue-query.js';
import { useReadAtHydration } from '../../../lib/use-hydrated.js';
import { currencySign, parsePrice, priceExample, priceText } from '../../../lib/money.js';
import { visuallyHidden } from '../../../lib/visually-hidden.js';

type PriceBound = 'minPrice' | 'maxPrice';
type PriceTexts = Record<PriceBound, string>;

/** What a price field says about its text, or null when it can be applied. */
const priceProblem = (text: string): string | null => {
  if (text.trim() === '') return null;
  const cents = parsePrice(text);
  if (cents === null) return `Enter a price like ${priceExample}`;
  if (cents > PRICE_MAX_CENTS) return 'That price is too high';
  return null;
};

/** The price fields' texts for a query's range. */
const priceTexts = (query: CatalogueQuery): PriceTexts => ({
  minPrice: query.minPrice === undefined ? '' : priceText(query.minPrice),
  maxPrice: query.maxPrice === undefined ? '' : priceText(query.maxPrice),
});

/** The range the texts ask for, with what each field says about its text (null: fine). */
function typedRange(prices: PriceTexts) {
  const min = prices.minPrice.trim() === '' ? undefined : parsePrice(prices.minPrice);
  const max = prices.maxPrice.trim() === '' ? undefined : parsePrice(prices.maxPrice);
  const problems: Record<PriceBound, string | null> = {
    minPrice: priceProblem(prices.minPrice),
    maxPrice:
      priceProblem(prices.maxPrice) ??
      (typeof min === 'number' && typeof max === 'number' && max < min
        ? 'The maximum price must not be below the minimum'
        : null),
  };
  const valid = !problems.minPrice && !problems.maxPrice;
  return { problems, valid, minPrice: min ?? undefined, maxPrice: max ?? undefined };
}

/** The id of the filters' form, which the sort field outside it belongs to too. */
export const CATALOGUE_FORM_ID = 'catalogue-filters-form';

/**
 * The switch drawn from its checkbox's own state as well as from React's: flipped before the page
 * is hydrated, it shows it (the browser checks the box; MUI's classes follow only once hydrated).
 */
const SWITCH_DRAWN_FROM_THE_CHECKBOX = {
  '& .MuiSwitch-switchBase:has(> input:checked)': {
    transform: 'translateX(20px)',
    color: 'primary.main',
  },
  '& .MuiSwitch-switchBase:has(> input:checked) + .MuiSwitch-track': {
    bgcolor: 'primary.main',
    opacity: 0.5,
  },
} as const;

/** The text of the form's field `name` as the visitor left it. */
const fieldText = (form: HTMLFormElement, name: string) => {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field.value : '';
};

/**
 * What the visitor chose in the filters' form before the page was hydrated (docs/decisions/086):
 * the category, the spec boxes, "In stock only" and the sort (whose field belongs to the form), and
 * the price range as typed, unless a price is still being typed or cannot be applied (it is
 * applied as its field is left, as once hydrated). The search text is the address's.
 */
function choicesInForm(
  form: HTMLFormElement,
  query: CatalogueQuery,
  categories: readonly Category[],
): Partial<CatalogueQuery> {
  const sent = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') sent.append(name, value);
  }
  const chosen = catalogueQueryFromSearch(sent, categories);
  const typing = Object.values(TYPED_PRICE_PARAMS).some(
    (name) => form.elements.namedItem(name) === document.activeElement,
  );
  const range = typedRange({
    minPrice: fieldText(form, TYPED_PRICE_PARAMS.minPrice),
    maxPrice: fieldText(form, TYPED_PRICE_PARAMS.maxPrice),
  });
  const applied = !typing && range.valid;
  return {
    category: chosen.category,
    specs: chosen.specs,
    inStock: chosen.inStock,
    sort: chosen.sort === DEFAULT_CATALOGUE_SORT ? undefined : chosen.sort,
    minPrice: applied ? range.minPrice : query.minPrice,
    maxPrice: applied ? range.maxPrice : query.maxPrice,
  };
}

/**
 * How many parts an option would give, beside it and as its description ("3 parts"): a sibling
 * of the option's label, so that the option's name stays its own words.
 */
function OptionCount({ id, count }: { id: string; count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span id={id} className="spec-filter-text">
      {count}
      <span style={visuallyHidden}>{count === 1 ? ' part' : ' parts'}</span>
    </span>
  );
}

/**
 * Whether an option that is not chosen gives no parts: it is disabled (docs/decisions/089).
 * While the counts are unknown (not loaded, or failed), every option is offered.
 */
const givesNone = (count: number | undefined, chosen: boolean) => count === 0 && !chosen;

/**
 * The catalogue's filters: category, price range (typed in the shop currency, applied on Enter,
 * when the field is left or with Apply) and "In stock only". Once the page is hydrated every change
 * goes straight into the query; before, they are a real `GET /parts` form that Apply sends, to a
 * page the server renders (docs/decisions/058), and what was chosen in it but not sent is applied
 * as the page is hydrated (docs/decisions/086). The price fields follow the query (the back
 * button, Clear filters) when its range changes. `facets` are the counts beside each option, each
 * with the other filters applied; an option that gives none is disabled (docs/decisions/089).
 * Apply is the wide screens' button: on phones the sheet's "Show N results" sends the form.
 */
export function CatalogueFilters({
  query,
  facets,
  onChange,
}: {
  query: CatalogueQuery;
  facets?: CatalogueFacets;
  onChange: (change: Partial<CatalogueQuery>) => void;
}) {
  const stockCountId = useId();
  const headingId = useId();
  const categories = useCategories();
  const formRef = useRef<HTMLFormElement>(null);
  const [prices, setPrices] = useState<PriceTexts>(() => priceTexts(query));
  const [rangeShown, setRangeShown] = useState([query.minPrice, query.maxPrice]);
  if (rangeShown[0] !== query.minPrice || rangeShown[1] !== query.maxPrice) {
    setRangeShown([query.minPrice, query.maxPrice]);
    setPrices(priceTexts(query));
  }
  const { problems, valid, minPrice, maxPrice } = typedRange(prices);

  useReadAtHydration(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = {
      minPrice: fieldText(form, TYPED_PRICE_PARAMS.minPrice),
      maxPrice: fieldText(form, TYPED_PRICE_PARAMS.maxPrice),
    };
    if (typed.minPrice !== prices.minPrice || typed.maxPrice !== prices.maxPrice) setPrices(typed);
    const chosen = choicesInForm(form, query, categories);
    if (searchWithoutPage({ ...query, ...chosen }) === searchWithoutPage(query)) return;
    // Once this commit is done: the router takes no navigation before its own hooks have mounted
    // (their layout effects run after this one), and no paint comes in between.
    queueMicrotask(() => onChange(chosen));
  });

  const applyPrices = () => {
    if (!valid) return;
    if (minPrice !== query.minPrice || maxPrice !== query.maxPrice)
      onChange({ minPrice, maxPrice });
  };

  const priceField = (bound: PriceBound, label: string) => (
    <TextField
      label={label}
      size="small"
      value={prices[bound]}
      onChange={(event) => setPrices((current) => ({ ...current, [bound]: event.target.value }))}
      name={TYPED_PRICE_PARAMS[bound]}
      onBlur={applyPrices}
      error={Boolean(problems[bound])}
      helperText={problems[bound] ?? ' '}
      placeholder={bound === 'minPrice' ? '0' : undefined}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-label': label },
        input: { startAdornment: <InputAdornment position="start">{currencySign}</InputAdornment> },
      }}
    />
  );

  return (
    <Stack
      spacing={2.5}
      component="form"
      ref={formRef}
      id={CATALOGUE_FORM_ID}
      noValidate
      action={paths.parts.getHref()}
      method="get"
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        applyPrices();
      }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        Filters
      </Typography>
      {/* The search stays when the form is sent by the browser. */}
      {query.q && <input type="hidden" name="q" value={query.q} />}
      <TextField
        select
        name="category"
        label="Category"
        size="small"
        value={query.category ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          const category = categoryOf(categories, value);
          // Spec filters the new category lacks go with the old one.
          onChange({ category: category?.id, specs: specFiltersFor(query.specs, category) });
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">All categories</option>
        {categories.map(({ id, name }) => {
          // A native option can say no more than its text: the count goes into it.
          const count = facets && (facets.categories[id] ?? 0);
          return (
            <option key={id} value={id} disabled={givesNone(count, query.category === id)}>
              {`${name}${count === undefined ? '' : ` (${count})`}`}
            </option>
          );
        })}
      </TextField>
      <SpecFilterFields query={query} facets={facets} onChange={onChange} />
      <Stack role="group" aria-label="Price range" spacing={1}>
        <Typography variant="subtitle2" component="h3">
          Price
        </Typography>
        <Stack direction="row" spacing={1.5}>
          {priceField('minPrice', 'Min price')}
          {priceField('maxPrice', 'Max price')}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              name="inStock"
              value="true"
              sx={SWITCH_DRAWN_FROM_THE_CHECKBOX}
              checked={query.inStock === true}
              disabled={givesNone(facets?.inStock, query.inStock === true)}
              slotProps={{
                input: { 'aria-describedby': facets ? stockCountId : undefined },
              }}
              onChange={(event) => onChange({ inStock: event.target.checked ? true : undefined })}
            />
          }
          label="In stock only"
          sx={{ mr: 0 }}
        />
        <OptionCount id={stockCountId} count={facets?.inStock} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {/* Enter in a price field applies the range too. */}
        <Button
          type="submit"
          variant="outlined"
          sx={{ display: { xs: 'none', md: 'inline-flex' } }}
        >
          Apply
        </Button>
        <Button
          variant="text"
          component={RouterLink}
          to={paths.parts.getHref()}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Clear filters
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * What the parts fit (docs/decisions/067): a group of checkboxes per spec of the chosen category
 * (the headline specs with none), named `spec.<key>` as the API reads them, so the form works
 * before the page is hydrated. Native checkboxes drawn from their own state (SPEC_FILTER_CSS): they
 * show it before React does. A filter on a spec not shown here stays in the form, hidden.
 */
function SpecFilterFields({
  query,
  facets,
  onChange,
}: {
  query: CatalogueQuery;
  facets?: CatalogueFacets;
  onChange: (change: Partial<CatalogueQuery>) => void;
}) {
  const countIds = useId();
  const shown = filterSpecsFor(categoryOf(useCategories(), query.category));
  const kept = Object.entries(query.specs ?? {}).filter(
    ([key]) => !shown.some((spec) => spec.key === key),
  );
  const toggle = (key: string, value: string | number, on: boolean) => {
    // Without the value, then with it if ticked: a tick told twice is one value.
    const others = (query.specs?.[key] ?? []).filter((v) => v !== value);
    const specs = { ...query.specs, [key]: on ? [...others, value] : others };
    if (specs[key]!.length === 0) delete specs[key];
    onChange({ specs: Object.keys(specs).length > 0 ? specs : undefined });
  };
  return (
    <>
      {kept.flatMap(([key, values]) =>
        values.map((value) => (
          <input
            key={`${key}=${value}`}
            type="hidden"
            name={`${SPEC_PARAM_PREFIX}${key}`}
            value={String(value)}
          />
        )),
      )}
      {shown.map((spec) => (
        <fieldset key={spec.key} className="spec-filter">
          <legend className="spec-filter-name">{spec.label}</legend>
          <div className="spec-filter-options">
            {specFilterChoices(spec).map((choice) => {
              const value = spec.kind === 'number' ? Number(choice.value) : choice.value;
              const checked = query.specs?.[spec.key]?.includes(value) ?? false;
              const count = facets && (facets.specs[spec.key]?.[choice.value] ?? 0);
              const disabled = givesNone(count, checked);
              const countId = `${countIds}-${spec.key}-${choice.value}`;
              return (
                <div key={choice.value} className="spec-filter-option">
                  <label className={disabled ? 'spec-filter-none' : undefined}>
                    <span className="spec-filter-box">
                      <input
                        type="checkbox"
                        name={`${SPEC_PARAM_PREFIX}${spec.key}`}
                        value={choice.value}
                        checked={checked}
                        disabled={disabled}
                        aria-describedby={count === undefined ? undefined : countId}
                        onChange={(event) => toggle(spec.key, value, event.target.checked)}
                      />
                      <span aria-hidden="true" />
                    </span>
                    <span className="spec-filter-text">{choice.label}</span>
                  </label>
                  <OptionCount id={countId} count={count} />
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}

/** The sorts the shopper picks from, with their names. */
export const SORT_LABELS: Record<CatalogueSort, string> = {
  oldest: 'Featured',
  newest: 'Newest',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name: A to Z',
  '-name': 'Name: Z to A',
  rating: 'Best rated',
};
