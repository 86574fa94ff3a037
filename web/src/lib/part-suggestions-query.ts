import { apiPaths, type PartSuggestions } from '@sprocket/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getQueryOptions } from './api-query.js';
import { queryKeys } from './query-keys.js';

/**
 * What the search boxes offer for words as typed, and Did you mean (GET /parts/suggest?q=,
 * docs/decisions/095): read by the header's search, in components/, and by All Parts, so it
 * lives here.
 */
export const partSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    ...getQueryOptions<PartSuggestions>(
      queryKeys.parts.suggestions(q),
      apiPaths.partSuggestions(q),
    ),
    staleTime: 60_000,
    // The last letter's suggestions stay while the next ones load.
    placeholderData: keepPreviousData,
    // Suggestions are a help: the search works without them, quietly.
    meta: { errorToast: false },
  });
