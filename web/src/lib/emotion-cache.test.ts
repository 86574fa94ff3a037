import { css } from '@emotion/react';
import { describe, expect, it } from 'vitest';
import { createEmotionCache } from './emotion-cache.js';

/** The CSS emotion writes for a style, as the page renderer sends it and the browser inserts it. */
function cssOf(style: Parameters<typeof css>[0]): string {
  const container = document.createElement('div');
  const cache = createEmotionCache({ container });
  const serialized = css(style);
  cache.insert(`.css-${serialized.name}`, serialized, cache.sheet, true);
  return container.textContent ?? '';
}

describe("the shop's emotion cache", () => {
  it('writes flex, transforms and transitions as they are, without the old prefixes', () => {
    const written = cssOf({ display: 'flex', transform: 'none', transition: 'opacity 1s' });
    expect(written).toContain('display:flex;transform:none;transition:opacity 1s;');
    expect(written).not.toMatch(/-webkit-|-moz-|-ms-/);
  });

  it('prefixes what Safari reads only with -webkit-', () => {
    expect(cssOf({ userSelect: 'none', backdropFilter: 'blur(4px)' })).toContain(
      '-webkit-user-select:none;user-select:none;-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);',
    );
  });
});
