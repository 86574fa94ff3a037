import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollBehavior } from './motion.js';

const prefersReducedMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  }));

describe('scrollBehavior', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('scrolls at once for a visitor who asked for less motion', () => {
    prefersReducedMotion(true);
    expect(scrollBehavior()).toBe('auto');
  });

  it('scrolls smoothly otherwise, and where media queries cannot be asked', () => {
    prefersReducedMotion(false);
    expect(scrollBehavior()).toBe('smooth');
    vi.unstubAllGlobals();
    expect(typeof window.matchMedia).toBe('undefined');
    expect(scrollBehavior()).toBe('smooth');
  });
});
