/**
 * Emotion's cache for the page renderer and the browser alike (docs/decisions/120). Emotion's
 * default stylis prefixer writes each flex, transform and transition rule again with -webkit-,
 * -moz- and -ms- prefixes: on All Parts that made a third of the 86 KB of CSS sent with the page,
 * for the browsers of ten years ago. The browsers the build targets (Vite's baseline: Chrome and
 * Edge 107, Firefox 104, Safari 16) need a prefix only for the properties below, in Safari.
 */
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/** What Safari 16 still reads only with -webkit- (caniuse), of what MUI and our styles write. */
const SAFARI_PREFIXED = new Set([
  'user-select',
  'backdrop-filter',
  'box-decoration-break',
  'hyphens',
  'text-size-adjust',
]);

/** Writes those declarations with -webkit- first; stylis's `return` replaces the declaration. */
export const safariPrefixes: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return) return;
  if (typeof element.props === 'string' && SAFARI_PREFIXED.has(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/** The shop's emotion cache: class names under "css", rules with only the prefixes Safari needs. */
export const createEmotionCache = (options: { container?: HTMLElement } = {}): EmotionCache =>
  createCache({ key: 'css', stylisPlugins: [safariPrefixes], ...options });
