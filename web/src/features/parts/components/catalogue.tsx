import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORTS,
  DEFAULT_CATALOGUE_SORT,
  catalogueSearch,
  isCatalogueSort,
  type CataloguePart,
  type CatalogueQuery,
} from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.js';
import { SearchIcon } from '../../../components/icons/search.js';
import { TuneIcon } from '../../../components/icons/tune.js';
import { useCatalogueFacets, useCataloguePage } from '../api/get-parts.js';
import { activeFilterCount, isFiltered, useCatalogueQuery } from '../hooks/use-catalogue-query.js';
import { CATALOGUE_FORM_ID, CatalogueFilters, SORT_LABELS } from './catalogue-filters.js';
import { EAGER_PART_IMAGES, PartCard, PartCardSkeleton } from './part-card.js';
import { FilterSheet } from './filter-sheet.js';
import { QueryError } from '../../../components/feedback/query-error.js';
import { cardGridClass } from '../../../components/data/card-grid-styles.js';
import { HydrateWhenSeen } from '../../../lib/hydrate-when-seen.js';
import { scrollBehavior } from '../../../lib/motion.js';
import { PARTS_SEARCH_FIELD, PartsSearchForm } from '../../../components/form/parts-search-form.js';
import { useSearchCombobox } from '../../../components/form/search-combobox.js';
import { partSuggestionsQueryOptions } from '../../../lib/part-suggestions-query.js';
import { useMediaMatch } from '../../../lib/use-client-store.js';
import { useDisclosure } from '../../../lib/use-disclosure.js';
import { visuallyHidden } from '../../../lib/visually-hidden.js';

/** Room above the results for the sticky navigation bar when a new page scrolls to them. */
const BAR_HEIGHT = 88;
/** The filters' panel, which the Filters button opens as a sheet on phones. */
const FILTERS_PANEL_ID = 'catalogue-filters';
/** The results, where the phone's sheet closed before the scripts have run leads. */
const RESULTS_ID = 'catalogue-results';
/** docs/product.md §9: six placeholder cards while a list loads. */
const PLACEHOLDERS = 6;

const resultsText = (total: number) => (total === 1 ? '1 part' : `${total} parts`);

/**
 * The search box: the text goes into the query on Enter or with the search button, keeping the
 * filters and the sort (and going back to the first page); suggestions appear while typing
 * (useSearchCombobox, docs/decisions/095).
 */
// Memoised, as CatalogueFilters is below: the screen renders again once hydrated (the Filters
// button becomes a toggle), and the fields with it would be a long task (docs/decisions/117).
const SearchBox = memo(function SearchBox({
  query,
  onSearch,
}: {
  query: CatalogueQuery;
  onSearch: (text: string) => void;
}) {
  const kept = new URLSearchParams(catalogueSearch({ ...query, q: undefined, page: undefined }));
  const combobox = useSearchCombobox({});
  return (
    // The field keeps what is typed (uncontrolled), and the form is a real GET /parts?q=…: words
    // typed before the page is hydrated are neither lost nor ignored, and the browser sends the
    // form itself until then, to a page the server renders (docs/decisions/040).
    <PartsSearchForm
      onSearch={(words) => onSearch(words)}
      sx={{ position: 'relative', flex: 1, minWidth: 0 }}
    >
      {[...kept].map(([name, value]) => (
        // A spec filter may repeat its name (spec.speeds=11&spec.speeds=12).
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <TextField
        type="search"
        fullWidth
        size="small"
        label="Search parts"
        name={PARTS_SEARCH_FIELD}
        defaultValue={query.q ?? ''}
        slotProps={{
          htmlInput: combobox.inputProps,
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label="Search">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {combobox.popup}
    </PartsSearchForm>
  );
});

const MemoisedCatalogueFilters = memo(CatalogueFilters);

/**
 * "Did you mean …?" under a search that found nothing (docs/decisions/095): a search of the
 * catalogue's own words that finds parts, as a link that keeps the filters. Rendered by the
 * server with the page when it has the answer (app/prefetch.ts).
 */
function DidYouMean({ query }: { query: CatalogueQuery }) {
  const { data } = useQuery({ ...partSuggestionsQueryOptions(query.q ?? ''), enabled: !!query.q });
  const meant = data?.didYouMean;
  if (!meant) return null;
  return (
    <Typography sx={{ mb: 2 }}>
      Did you mean{' '}
      <Link
        component={RouterLink}
        to={paths.parts.getHref(catalogueSearch({ ...query, q: meant, page: undefined }))}
        sx={{ fontWeight: 600 }}
      >
        {meant}
      </Link>
      ?
    </Typography>
  );
}

/**
 * The cards of one page of results. Kept as they are while only the controls change (a box
 * ticked shows at once, docs/decisions/086): they render again when the parts do.
 */
const CatalogueCards = memo(function CatalogueCards({
  parts,
  partAction,
}: {
  parts: CataloguePart[];
  partAction?: (part: CataloguePart) => ReactNode;
}) {
  return parts.map((part, index) => {
    const card = (
      <PartCard part={part} action={partAction?.(part)} eager={index < EAGER_PART_IMAGES} />
    );
    return index === 0 ? (
      <div key={part._id}>{card}</div>
    ) : (
      <HydrateWhenSeen key={part._id} name={`catalogue ${part._id}`}>
        {card}
      </HydrateWhenSeen>
    );
  });
});

/**
 * All Parts (docs/product.md §2.4): search, filters, sort and pages, all in the address, over a
 * page of part cards with the number of results. The filters count what each option would give
 * (docs/decisions/089); on phones they open in a bottom sheet from a "Filters" button
 * (FilterSheet). `partAction` is the control the screen adds to each card (Add to cart).
 */
export function Catalogue({ partAction }: { partAction?: (part: CataloguePart) => ReactNode }) {
  const { query, update, arrival } = useCatalogueQuery();
  const search = useCallback((q: string) => update({ q }), [update]);
  // Before the page is hydrated the Filters button is a link that unfolds them (use-disclosure).
  const filterPanel = useDisclosure(FILTERS_PANEL_ID);
  const page = useCataloguePage(query);
  const facets = useCatalogueFacets(query);
  // The sheet's "Show N results": the count of the query as it is now, from whichever answer
  // has come for it (each keeps the last one's while it loads).
  const total = !page.isPlaceholderData
    ? page.data?.total
    : facets.isPlaceholderData
      ? undefined
      : facets.data?.total;
  // Only the pager's width follows it: the layout itself is CSS, so that a page rendered on the
  // server (docs/decisions/040) hydrates as it was painted, at any width.
  const wide = useMediaMatch(useTheme().breakpoints.up('md'));
  const resultsRef = useRef<HTMLDivElement>(null);
  const filterCount = activeFilterCount(query);
  const pageCount = Math.max(1, Math.ceil((page.data?.total ?? 0) / CATALOGUE_PAGE_SIZE));

  return (
    <Box component="section" aria-busy={page.isFetching}>
      <Typography variant="h3" component="h1" sx={{ textAlign: 'center', mb: { xs: 3, md: 5 } }}>
        {page.isPending ? 'Parts are loading' : 'All Parts'}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
      >
        {/* The fields start again from an address that comes from elsewhere (the back button,
            Clear filters); what is typed in them stays while this page changes the filters, and
            through the hydration (docs/decisions/086). */}
        <SearchBox key={arrival} query={query} onSearch={search} />
        <Stack direction="row" spacing={1.5}>
          <Button
            variant="outlined"
            startIcon={
              <Badge badgeContent={filterCount} color="secondary">
                <TuneIcon />
              </Badge>
            }
            {...filterPanel.controlProps}
            sx={{ flexShrink: 0, display: { md: 'none' } }}
          >
            Filters
          </Button>
          <TextField
            select
            size="small"
            label="Sort by"
            name="sort"
            value={query.sort ?? DEFAULT_CATALOGUE_SORT}
            onChange={(event) => {
              const sort = event.target.value;
              if (isCatalogueSort(sort))
                update({ sort: sort === DEFAULT_CATALOGUE_SORT ? undefined : sort });
            }}
            slotProps={{ select: { native: true }, htmlInput: { form: CATALOGUE_FORM_ID } }}
            sx={{ flex: 1, minWidth: { sm: 200 } }}
          >
            {CATALOGUE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {/* A search without a sort is ranked by relevance (docs/decisions/095). */}
                {sort === DEFAULT_CATALOGUE_SORT && query.q ? 'Best match' : SORT_LABELS[sort]}
              </option>
            ))}
          </TextField>
        </Stack>
      </Stack>
      <Grid container spacing={{ xs: 2.5, md: 3.5 }}>
        {/* A sheet the Filters button opens on phones, a sticky column from md up. */}
        <Grid size={{ xs: 12, md: 3 }} sx={{ display: { xs: 'contents', md: 'block' } }}>
          <FilterSheet panel={filterPanel} total={total} resultsId={RESULTS_ID}>
            <Card sx={{ p: 2.5 }}>
              <MemoisedCatalogueFilters
                key={arrival}
                query={query}
                facets={facets.data}
                onChange={update}
              />
            </Card>
          </FilterSheet>
        </Grid>
        <Grid size={{ xs: 12, md: 9 }} ref={resultsRef} id={RESULTS_ID}>
          {page.isError ? (
            <QueryError query={page} />
          ) : (
            <>
              {/* The cards' headings (h3) sit under this one, as the filters' sit under theirs. */}
              <Typography component="h2" sx={visuallyHidden}>
                Parts
              </Typography>
              <Typography
                color="textSecondary"
                role="status"
                data-testid="catalogue-total"
                sx={{ mb: 2, minHeight: '1.5em' }}
              >
                {page.data && resultsText(page.data.total)}
              </Typography>
              <div
                className={cardGridClass({})}
                style={{ opacity: page.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}
              >
                {page.isPending ? (
                  Array.from({ length: PLACEHOLDERS }, (_, index) => (
                    <div key={index}>
                      <PartCardSkeleton />
                    </div>
                  ))
                ) : (
                  <CatalogueCards parts={page.data.items} partAction={partAction} />
                )}
              </div>
              {page.data?.items.length === 0 && (
                <Box sx={{ textAlign: 'center', py: 6 }}>
                  <Typography variant="h6" component="p" sx={{ mb: 1 }}>
                    {isFiltered(query)
                      ? 'No parts match your search'
                      : 'No parts in the catalogue yet.'}
                  </Typography>
                  {isFiltered(query) && (
                    <>
                      {query.q && <DidYouMean query={query} />}
                      <Typography color="textSecondary" sx={{ mb: 2 }}>
                        Try other words, or fewer filters.
                      </Typography>
                      <Button variant="contained" component={RouterLink} to={paths.parts.getHref()}>
                        Clear filters
                      </Button>
                    </>
                  )}
                </Box>
              )}
              {pageCount > 1 && (
                <Pagination
                  count={pageCount}
                  page={Math.min(query.page ?? 1, pageCount)}
                  onChange={(_, next) => {
                    update({ ...query, page: next });
                    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
                    window.scrollTo({
                      top: window.scrollY + top - BAR_HEIGHT,
                      behavior: scrollBehavior(),
                    });
                  }}
                  color="primary"
                  siblingCount={wide ? 1 : 0}
                  sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
                />
              )}
            </>
          )}
        </Grid>
      </Grid>
    </Box>
  );
}
