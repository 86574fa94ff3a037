import { apiPaths, type ProductViewResult } from '@sprocket/contract';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client.js';

export const recordView = (partId: string) =>
  api.post<ProductViewResult>(apiPaths.partViews(partId));

/**
 * Counts one view each time a product page opens (the Business Summary's Product Views). A
 * failure changes nothing the shopper sees, so it is not reported.
 */
export function useRecordView(partId: string) {
  // The part this page has counted: React runs an effect twice in development, a page once.
  const countedPart = useRef<string | null>(null);
  useEffect(() => {
    if (countedPart.current === partId) return;
    countedPart.current = partId;
    recordView(partId).catch(() => undefined);
  }, [partId]);
}
