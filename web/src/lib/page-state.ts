/**
 * What the page says of itself on `<html>`, for whoever needs to know when it is at rest: the
 * browser journeys wait for `data-hydrated` and for no `data-fetching` before they check a screen
 * (docs/decisions/041), where a check could otherwise race React or a request.
 */
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSectionsHydrated } from './hydration-section.js';
import { useHydrated } from './use-hydrated.js';

export const HYDRATED_ATTRIBUTE = 'data-hydrated';
export const FETCHING_ATTRIBUTE = 'data-fetching';

/**
 * Sets HYDRATED_ATTRIBUTE once the page is React's and its controls work: the components that
 * waited for hydration switch in the same transition as this one, those of the last section
 * hydrated (lib/hydration-section.tsx) too (at once on a page the browser rendered itself).
 */
export function useHydratedMarker(): void {
  const hydrated = useHydrated();
  const sectionsHydrated = useSectionsHydrated();
  useEffect(() => {
    if (hydrated && sectionsHydrated) {
      document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    }
  }, [hydrated, sectionsHydrated]);
}

/** Sets FETCHING_ATTRIBUTE while a query or a mutation is waiting for the API. */
export function useFetchingMarker(): void {
  const busy = useIsFetching() + useIsMutating() > 0;
  useEffect(() => {
    document.documentElement.toggleAttribute(FETCHING_ATTRIBUTE, busy);
  }, [busy]);
}
