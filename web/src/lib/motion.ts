/**
 * How the page scrolls when the app moves it: smoothly, unless the visitor asked their system for
 * less motion (the theme's reduced-motion rule covers CSS; a scroll started from script needs
 * this). Where the window cannot answer media queries (jsdom), smoothly.
 */
export const scrollBehavior = (): ScrollBehavior =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
