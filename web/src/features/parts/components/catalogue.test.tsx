import { screen, waitFor, within } from '@testing-library/react';
import {
  CATALOGUE_PAGE_SIZE,
  catalogueSearch,
  DEFAULT_CATEGORIES,
  TOTAL_COUNT_HEADER,
  type CatalogueFacets,
  type CataloguePart,
} from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCataloguePart } from '../../../testing/data.js';
import { hydrateRoutes, renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import { cataloguePageQueryOptions } from '../api/get-parts.js';
import { catalogueQueryFromSearch } from '../hooks/use-catalogue-query.js';
import { Catalogue } from './catalogue.js';

const pads = buildCataloguePart(1, {
  productName: 'Stopwell Brake Pads',
  category: 'brakes',
  quantity: 3,
  order: 1,
  averageRating: 4.5,
  reviewCount: 2,
});
const rotor = buildCataloguePart(2, { productName: 'Stopwell Rotor', category: 'brakes' });
const lever = buildCataloguePart(3, {
  productName: 'Stopwell Lever',
  category: 'brakes',
  quantity: 0,
});

let calls: FetchCall[];
let answer: { items: CataloguePart[]; total: number };
/** What GET /parts/facets answers: what each filter's option would give. */
let facets: CatalogueFacets;
beforeEach(() => {
  answer = { items: [pads, rotor, lever], total: 3 };
  facets = {
    total: 3,
    categories: { brakes: 3, lights: 2, drivetrain: 4, 'wheels-and-tyres': 2 },
    inStock: 2,
    specs: { speeds: { '11': 1, '12': 3 }, wheelSize: { '700c': 2, '650b': 1 } },
  };
  calls = stubFetch((call) =>
    call.url.includes('/parts/facets')
      ? { body: facets }
      : call.url.includes('/parts/suggest')
        ? { body: { searches: [], parts: [], didYouMean: 'unicorn' } }
        : { body: answer.items, headers: { [TOTAL_COUNT_HEADER]: String(answer.total) } },
  );
});

const renderCatalogue = (path: string, layout: 'phone' | 'desktop' = 'desktop') =>
  renderRoutes([{ path: '/parts', element: <Catalogue /> }], { path, layout });

/** The catalogue's query strings sent, each with the page size the screen always asks for. */
const apiQueries = () =>
  calls
    .filter((call) => call.url.includes('/parts') && !call.url.includes('/parts/facets'))
    .map((call) => new URL(call.url, 'http://x').search);
const withPageSize = (search: string) =>
  `${search}${search ? '&' : '?'}pageSize=${CATALOGUE_PAGE_SIZE}`;

describe('Catalogue', () => {
  it('asks the API for what the address says and shows the number of results', async () => {
    renderCatalogue('/parts?category=brakes&sort=price');
    expect(await screen.findByText('3 parts')).toBeInTheDocument();
    expect(apiQueries()).toEqual([withPageSize('?category=brakes&sort=price')]);
    expect(screen.getByRole('heading', { level: 1, name: 'All Parts' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('price');
  });

  it('links each card to its product page, with its stock badge and rating', async () => {
    renderCatalogue('/parts');
    const cards = await screen.findAllByTestId('part-card');
    const padsCard = within(cards[0] as HTMLElement);
    expect(padsCard.getByRole('link', { name: 'Stopwell Brake Pads' })).toHaveAttribute(
      'href',
      '/parts/part-1',
    );
    expect(padsCard.getByText('Only 3 left')).toBeInTheDocument();
    expect(
      padsCard.getByRole('img', { name: '4.5 out of 5 stars, 2 reviews' }),
    ).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('In stock')).toBeInTheDocument();
  });

  it('offers no way to buy a sold-out part: one disabled "Sold out" button', async () => {
    renderCatalogue('/parts');
    const lastCard = within((await screen.findAllByTestId('part-card'))[2] as HTMLElement);
    expect(lastCard.getByRole('button', { name: 'Sold out: Stopwell Lever' })).toBeDisabled();
    expect(lastCard.queryByRole('link', { name: /Buy Now/ })).not.toBeInTheDocument();
  });

  it('puts the search text into the address and goes back to the first page', async () => {
    const { user, router } = renderCatalogue('/parts?category=brakes&page=2');
    await screen.findByText('3 parts');
    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'pads{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=pads&category=brakes'));
    await waitFor(() => expect(apiQueries()).toContain(withPageSize('?q=pads&category=brakes')));
  });

  it('filters by category, price typed in dollars and stock, each a new address', async () => {
    // On a phone, where the filters open from a button.
    const { user, router } = renderCatalogue('/parts', 'phone');
    await screen.findByText('3 parts');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(await screen.findByLabelText('Category'), 'lights');
    await waitFor(() => expect(router.state.location.search).toBe('?category=lights'));
    await user.type(screen.getByLabelText('Min price'), '10{Enter}');
    await user.type(screen.getByLabelText('Max price'), '25.50{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=lights&minPrice=1000&maxPrice=2550'),
    );
    await user.click(screen.getByLabelText('In stock only'));
    await waitFor(() => expect(router.state.location.search).toContain('&inStock=true'));
    await user.clear(screen.getByLabelText('Max price'));
    await user.type(screen.getByLabelText('Max price'), '5{Enter}');
    expect(screen.getByText('The maximum price must not be below the minimum')).toBeInTheDocument();
    expect(router.state.location.search).toContain('maxPrice=2550');
  });

  it('says when nothing matches and clears every filter in one click', async () => {
    answer = { items: [], total: 0 };
    const { user, router } = renderCatalogue('/parts?q=unicycle&inStock=true');
    expect(await screen.findByText('No parts match your search')).toBeInTheDocument();
    expect(screen.getByText('0 parts')).toBeInTheDocument();
    // Did you mean, from the catalogue's own words, keeping the filters (decision 095).
    const meant = await screen.findByRole('link', { name: 'unicorn' });
    expect(meant.closest('p')).toHaveTextContent('Did you mean unicorn?');
    expect(meant).toHaveAttribute('href', '/parts?q=unicorn&inStock=true');
    expect(calls.some((call) => call.url.endsWith('/parts/suggest?q=unicycle'))).toBe(true);
    // A link, so that it also works before the page is hydrated.
    const clearLinks = screen.getAllByRole('link', { name: 'Clear filters' });
    await user.click(clearLinks[clearLinks.length - 1] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps what is typed while the filters change, and starts again from Clear filters', async () => {
    const { user, router } = renderCatalogue('/parts');
    await screen.findByText('3 parts');
    const min = screen.getByLabelText('Min price');
    await user.type(min, '1x');
    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'pads');
    await user.click(screen.getByLabelText('In stock only'));
    await waitFor(() => expect(router.state.location.search).toBe('?inStock=true'));
    expect(min).toHaveValue('1x');
    expect(screen.getByText('Enter a price like 12.50')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search parts' })).toHaveValue('pads');

    const filters = screen.getByRole('form', { name: 'Filters' });
    await user.click(within(filters).getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Min price')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Search parts' })).toHaveValue('');
  });

  it('pages through the results with the page in the address', async () => {
    answer = { items: [pads, rotor, lever], total: 50 };
    const { user, router } = renderCatalogue('/parts?sort=name');
    await screen.findByText('50 parts');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&page=2'));
    await waitFor(() => expect(apiQueries()).toContain(withPageSize('?sort=name&page=2')));
  });

  it("filters by what the parts fit: the category's specs as checkboxes of the one GET form", async () => {
    const { user } = renderCatalogue('/parts?category=drivetrain&spec.speeds=12');
    expect(await screen.findByText('3 parts')).toBeInTheDocument();
    expect(apiQueries()).toEqual([withPageSize('?category=drivetrain&spec.speeds=12')]);
    const speeds = screen.getByRole('group', { name: 'Speeds' });
    const twelve = within(speeds).getByRole('checkbox', { name: '12' });
    expect(twelve).toBeChecked();
    expect(twelve).toHaveAttribute('name', 'spec.speeds');
    expect(twelve.closest('form')).toHaveAttribute('method', 'get');
    // Drivetrain's specs only: no wheel sizes.
    expect(screen.queryByRole('group', { name: 'Wheel size' })).not.toBeInTheDocument();
    await user.click(within(speeds).getByRole('checkbox', { name: '11' }));
    await waitFor(() =>
      expect(apiQueries().at(-1)).toBe(
        withPageSize('?category=drivetrain&spec.speeds=12&spec.speeds=11'),
      ),
    );
    // Another category: its own specs, and the speeds filter goes with the drivetrain.
    await user.selectOptions(screen.getByLabelText('Category'), 'wheels-and-tyres');
    await waitFor(() =>
      expect(apiQueries().at(-1)).toBe(withPageSize('?category=wheels-and-tyres')),
    );
    expect(screen.getByRole('group', { name: 'Wheel size' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Speeds' })).not.toBeInTheDocument();
  });

  it('counts what each option would give, asking with the filters, and disables one that gives none', async () => {
    renderCatalogue('/parts?category=brakes&spec.brakeMount=is&sort=price&page=2');
    const category = await screen.findByLabelText('Category');
    await waitFor(() =>
      expect(within(category).getByRole('option', { name: 'Lights (2)' })).toBeEnabled(),
    );
    const facetsAsked = calls.filter((call) => call.url.includes('/parts/facets'));
    // The counts do not depend on the page or the sort.
    expect(facetsAsked.map((call) => new URL(call.url, 'http://x').search)).toEqual([
      '?category=brakes&spec.brakeMount=is',
    ]);
    expect(within(category).getByRole('option', { name: 'Saddles (0)' })).toBeDisabled();
    // The chosen category stays enabled, whatever its count.
    expect(within(category).getByRole('option', { name: 'Brakes (3)' })).toBeEnabled();
    // Brakes offer Brake mount: none of its values gives a part (the answer has no counts for
    // it), but the one ticked stays enabled so that it can be unticked.
    const mount = screen.getByRole('group', { name: 'Brake mount' });
    expect(within(mount).getByRole('checkbox', { name: 'Post mount' })).toBeDisabled();
    expect(within(mount).getByRole('checkbox', { name: 'IS' })).toBeEnabled();
    expect(within(mount).getByRole('checkbox', { name: 'Post mount' })).toHaveAccessibleDescription(
      '0 parts',
    );
    expect(screen.getByLabelText('In stock only')).toHaveAccessibleDescription('2 parts');
  });

  it("opens the phone's filters as a sheet whose “Show N results” closes it", async () => {
    answer = { items: [pads, rotor, lever], total: 28 };
    const { user } = renderCatalogue('/parts', 'phone');
    await screen.findByText('28 parts');
    const button = screen.getByRole('button', { name: 'Filters' });
    await user.click(button);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const speeds = within(sheet).getByRole('group', { name: 'Speeds' });
    expect(within(speeds).getByRole('checkbox', { name: '12' })).toHaveAccessibleDescription(
      '3 parts',
    );
    await user.click(within(sheet).getByRole('button', { name: 'Show 28 results' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    // Escape closes it too.
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the headline specs with no category chosen', async () => {
    renderCatalogue('/parts?spec.wheelSize=700c');
    expect(await screen.findByText('3 parts')).toBeInTheDocument();
    for (const name of ['Speeds', 'Wheel size', 'Axle standard', 'Brake mount'])
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '700c' })).toBeChecked();
  });
});

/** All Parts as the server renders it, hydrated after `before` (what was done before the scripts). */
const hydrateCatalogue = (
  before: Parameters<typeof hydrateRoutes>[1]['before'],
  { layout = 'desktop', path = '/parts' }: { layout?: 'phone' | 'desktop'; path?: string } = {},
) =>
  hydrateRoutes([{ path: '/parts', element: <Catalogue /> }], {
    path,
    layout,
    prepare: (queryClient) =>
      queryClient.prefetchQuery(
        cataloguePageQueryOptions(
          catalogueQueryFromSearch(new URL(path, 'http://x').searchParams, DEFAULT_CATEGORIES),
        ),
      ),
    before,
  });

describe('Catalogue, used before its scripts have run (docs/decisions/086)', () => {
  it('applies what was chosen in the filters as the page is hydrated, and keeps what was typed in the search', async () => {
    const { page, router } = await hydrateCatalogue(async (html, user) => {
      const filters = within(html).getByRole('form', { name: 'Filters' });
      await user.type(within(filters).getByRole('textbox', { name: 'Min price' }), '5');
      await user.selectOptions(within(filters).getByLabelText('Category'), 'drivetrain');
      const speeds = within(filters).getByRole('group', { name: 'Speeds' });
      await user.click(within(speeds).getByRole('checkbox', { name: '12' }));
      await user.click(within(filters).getByLabelText('In stock only'));
      await user.selectOptions(within(html).getByLabelText('Sort by'), 'price');
      await user.type(within(html).getByRole('combobox', { name: 'Search parts' }), 'chain');
    });

    const chosen = catalogueSearch({
      category: 'drivetrain',
      minPrice: 500,
      inStock: true,
      specs: { speeds: [12] },
      sort: 'price',
    });
    await waitFor(() => expect(router.state.location.search).toBe(chosen));
    await waitFor(() => expect(apiQueries().at(-1)).toBe(withPageSize(chosen)));
    const filters = within(page).getByRole('form', { name: 'Filters' });
    expect(within(filters).getByRole('checkbox', { name: '12' })).toBeChecked();
    expect(within(filters).getByLabelText('In stock only')).toBeChecked();
    expect(within(filters).getByLabelText('Category')).toHaveValue('drivetrain');
    expect(within(filters).getByRole('textbox', { name: 'Min price' })).toHaveValue('5.00');
    expect(within(page).getByLabelText('Sort by')).toHaveValue('price');
    // Typed, not sent: still there to send, and not searched for.
    expect(within(page).getByRole('combobox', { name: 'Search parts' })).toHaveValue('chain');
  });

  it('leaves the address as it is when nothing was done before the scripts', async () => {
    const path = '/parts?category=drivetrain&minPrice=1250&spec.speeds=12&spec.speeds=11&sort=name';
    const { router } = await hydrateCatalogue(async () => {}, { path });
    await screen.findByText('3 parts');
    expect(router.state.historyAction).toBe('POP');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
  });

  it('leaves a price still being typed in its field, and applies it once the field is left', async () => {
    const { page, router, user } = await hydrateCatalogue(async (html, user) => {
      await user.type(within(html).getByRole('textbox', { name: 'Max price' }), '7');
    });
    const max = within(page).getByRole('textbox', { name: 'Max price' });
    expect(max).toHaveValue('7');
    expect(router.state.location.search).toBe('');
    await user.type(max, '0');
    await user.tab();
    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=7000'));
  });

  it("keeps the phone's filters open, with what was ticked, when they were opened by their link", async () => {
    window.history.replaceState(null, '', '#catalogue-filters');
    try {
      const { page, router } = await hydrateCatalogue(
        async (html, user) => {
          await user.click(within(html).getByLabelText('In stock only'));
        },
        { layout: 'phone' },
      );
      await waitFor(() => expect(router.state.location.search).toBe('?inStock=true'));
      expect(within(page).getByRole('button', { name: /Filters/ })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(within(page).getByLabelText('In stock only')).toBeChecked();
      // The address no longer names the panel, so closing it closes it.
      expect(window.location.hash).toBe('');
    } finally {
      window.history.replaceState(null, '', window.location.pathname);
    }
  });
});

describe('Catalogue, while the address catches up (docs/decisions/086)', () => {
  it('shows a box ticked at once, adds the next one to it, and asks the API before the address moves', async () => {
    // Once closed, the router's move to a new address waits until the gate opens.
    const gate: { closed?: Promise<void>; open: () => void } = { open: () => {} };
    const { user, router } = renderRoutes(
      [{ path: '/parts', element: <Catalogue />, loader: async () => (await gate.closed, null) }],
      { path: '/parts' },
    );
    await screen.findByText('3 parts');
    gate.closed = new Promise((resolve) => (gate.open = resolve));
    const speeds = screen.getByRole('group', { name: 'Speeds' });

    await user.click(within(speeds).getByRole('checkbox', { name: '12' }));
    await user.click(within(speeds).getByRole('checkbox', { name: '11' }));

    expect(router.state.location.search).toBe('');
    expect(within(speeds).getByRole('checkbox', { name: '12' })).toBeChecked();
    expect(within(speeds).getByRole('checkbox', { name: '11' })).toBeChecked();
    const both = catalogueSearch({ specs: { speeds: [12, 11] } });
    await waitFor(() => expect(apiQueries().at(-1)).toBe(withPageSize(both)));
    gate.open();
    await waitFor(() => expect(router.state.location.search).toBe(both));
    expect(within(speeds).getByRole('checkbox', { name: '12' })).toBeChecked();
  });
});
