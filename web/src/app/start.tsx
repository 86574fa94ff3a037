import { hydrate } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { BrandSettings } from '@sprocket/contract';
import { createEmotionCache } from '../lib/emotion-cache.js';
import { createQueryClient } from '../lib/query-client.js';
import { queryKeys } from '../lib/query-keys.js';
import { themeOfAccent } from '../lib/theme.js';
import { App } from './app.js';
import { cacheInPlace } from './emotion-in-place.js';
import { readPageData } from './page-data.js';
import { addStaticStyles } from './static-styles.js';
import { createAppRouter, createHydratingRouter } from './router.js';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The app for this page: hydrating what the server rendered, with the data it rendered it from
 * (app/page-data.ts), or rendered here from the shell of index.html.
 */
export async function startApp(
  document: Document,
): Promise<{ element: ReactElement; hydrate: boolean }> {
  const queryClient = createQueryClient();
  const page = readPageData(document);
  if (!page) {
    addStaticStyles(document);
    return {
      element: (
        <App
          queryClient={queryClient}
          router={createAppRouter(queryClient)}
          emotionCache={createEmotionCache()}
          fromServer={false}
        />
      ),
      hydrate: false,
    };
  }
  hydrate(queryClient, page.queries);
  // The theme in the shop's accent, made between tasks: on a phone it takes a task of its own
  // (docs/decisions/118).
  await nextTask();
  themeOfAccent(queryClient.getQueryData<BrandSettings>(queryKeys.brand())?.accent || undefined);
  await nextTask();
  const router = await createHydratingRouter(queryClient, page.router);
  const emotionCache = cacheInPlace(document, createEmotionCache());
  return {
    element: (
      <App queryClient={queryClient} router={router} emotionCache={emotionCache} fromServer />
    ),
    hydrate: true,
  };
}
