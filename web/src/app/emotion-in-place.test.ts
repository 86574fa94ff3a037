import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, css } from '@emotion/react';
import styled from '@emotion/styled';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheInPlace, SERVER_STYLES_KEY, serverStyleTags } from './emotion-in-place.js';

const component = css({ color: 'red' });
const Red = styled.p({ color: 'red' });
const Blue = styled.p({ color: 'blue' });

const renderIn = (cache: EmotionCache, Component: typeof Red) =>
  render(createElement(CacheProvider, { value: cache }, createElement(Component, null, 'text')));

/** What the head held before a test: the web tests share their document (vitest.config.ts). */
let shared: Node[] = [];

/** The head as a rendered page brings it, with Vite's preload link after the styles. */
function renderedHead() {
  document.head.insertAdjacentHTML(
    'beforeend',
    serverStyleTags('css', [
      { key: 'css-global', ids: ['baseline'], css: 'body{margin:0;}' },
      { key: 'css', ids: [component.name, 'other'], css: `.css-${component.name}{color:red;}` },
    ]) + '<link rel="modulepreload" href="/assets/app.js">',
  );
  return [...document.head.children];
}

beforeEach(() => {
  shared = [...document.head.childNodes];
});
afterEach(() => {
  cleanup();
  for (const node of [...document.head.childNodes]) if (!shared.includes(node)) node.remove();
});

describe("the server's styles in the browser", () => {
  it('are tagged under a key no cache hydrates, and marked as in place', () => {
    expect(
      serverStyleTags('css', [
        { key: 'css-global', ids: ['a'], css: 'body{margin:0;}' },
        { key: 'css', ids: ['b', 'c'], css: '.css-b{}.css-c{}' },
        { key: 'css', ids: [], css: '' },
      ]),
    ).toBe(
      '<style data-emotion="css-global a" data-s="">body{margin:0;}</style>' +
        `<style data-emotion="${SERVER_STYLES_KEY} b c" data-s="">.css-b{}.css-c{}</style>`,
    );
  });

  it('stay where they are when a cache is made, and the cache counts them as inserted', () => {
    const before = renderedHead();
    const moved: Node[] = [];
    new MutationObserver((records) =>
      records.forEach((r) => moved.push(...r.removedNodes)),
    ).observe(document.head, { childList: true });
    const cache = cacheInPlace(document, createCache({ key: 'css' }));

    expect([...document.head.children]).toEqual(before);
    expect(cache.inserted).toMatchObject({ [component.name]: true, other: true, baseline: true });
    // A component whose style came with the page inserts nothing.
    renderIn(cache, Red);
    expect(document.head.children).toHaveLength(before.length);
    return Promise.resolve().then(() => expect(moved).toEqual([]));
  });

  it('come before what the cache inserts later', () => {
    renderedHead();
    const cache = cacheInPlace(document, createCache({ key: 'css' }));
    renderIn(cache, Blue);

    const server = document.querySelector(`style[data-emotion^="${SERVER_STYLES_KEY} "]`);
    const inserted = server?.nextElementSibling;
    expect(inserted?.getAttribute('data-emotion')).toBe('css');
    expect(inserted?.textContent).toContain('color:blue');
    expect(inserted?.nextElementSibling?.tagName).toBe('LINK');
  });
});
