/**
 * The server's styles stay where the server put them (docs/decisions/115).
 *
 * Emotion's default cache, made as `@emotion/react` loads, moves every `<style data-emotion>`
 * without `data-s` to the end of the head, and a cache hydrating its key's tags moves them again
 * into its sheet; each move is a style sheet removed and added, which the browser answers with a
 * style recalculation of the whole page while the phone is busiest. So the server marks its tags
 * `data-s` (no cache moves them) and names its components' tag with a key no cache hydrates; the
 * browser's cache then counts their styles as inserted and takes the elements as its sheet's,
 * so the styles it still inserts follow them, as they would have followed hydrated ones.
 */
import type { EmotionCache } from '@emotion/cache';

/** The key of the tag with the server's component styles, which no cache's own key matches. */
export const SERVER_STYLES_KEY = 'css-ssr';

export interface ServerStyleChunk {
  key: string;
  ids: string[];
  css: string;
}

/**
 * The `<style>` tags of what the server's render made, in emotion's order (the `<Global>` ones
 * first, under their own `css-global` key that each `<Global>` looks for by name; then one tag
 * of the components' styles under SERVER_STYLES_KEY), all marked as already in place.
 */
export function serverStyleTags(cacheKey: string, chunks: ServerStyleChunk[]): string {
  return chunks
    .filter((chunk) => chunk.css !== '')
    .map((chunk) => {
      const key = chunk.key === cacheKey ? SERVER_STYLES_KEY : chunk.key;
      return `<style data-emotion="${key} ${chunk.ids.join(' ')}" data-s="">${chunk.css}</style>`;
    })
    .join('');
}

/**
 * Makes `cache` own the server's styles in `document` where they are: their ids count as
 * inserted, so no component inserts them again (the keyframes in `css-global` tags included),
 * and the components' element is the first of the cache's sheet, so what it inserts goes after.
 */
export function cacheInPlace(document: Document, cache: EmotionCache): EmotionCache {
  const tags = document.querySelectorAll<HTMLStyleElement>(
    `style[data-emotion^="${SERVER_STYLES_KEY} "], style[data-emotion^="${cache.key}-global "]`,
  );
  for (const tag of tags) {
    const [key, ...ids] = (tag.getAttribute('data-emotion') ?? '').split(' ');
    for (const id of ids) cache.inserted[id] = true;
    if (key === SERVER_STYLES_KEY) cache.sheet.tags.push(tag);
  }
  return cache;
}
