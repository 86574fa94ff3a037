import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, css } from '@emotion/react';
import styled from '@emotion/styled';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheInPlace, SERVER_STYLES_KEY, serverStyleTags } from './emotion-in-place.js';

const component = css({ color: 'red' });
const Red = styled.p({ color: 'red' });
const Blue = styled.p({ color: 'blue' });

/**
 * A page's head as the server sends it, with Vite's preload link after the styles, in a document
 * of its own: the web tests share theirs, and its head holds the other tests' styles.
 */
function renderedPage(): Document {
  const page = document.implementation.createHTMLDocument('');
  page.head.innerHTML =
    serverStyleTags('css', [
      { key: 'css-global', ids: ['baseline'], css: 'body{margin:0;}' },
      { key: 'css', ids: [component.name, 'other'], css: `.css-${component.name}{color:red;}` },
    ]) + '<link rel="modulepreload" href="/assets/app.js">';
  return page;
}

/** The browser's cache for `page`, as app/start.tsx makes it. */
const browserCache = (page: Document) =>
  cacheInPlace(page, createCache({ key: 'css', container: page.head }));

const renderIn = (cache: EmotionCache, Component: typeof Red) =>
  render(createElement(CacheProvider, { value: cache }, createElement(Component, null, 'text')));

afterEach(cleanup);

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
    // What emotion's caches move as they are made: the unmarked tags, and their key's tags.
    const page = renderedPage();
    expect(page.querySelectorAll('style[data-emotion]:not([data-s])')).toHaveLength(0);
    expect(page.querySelectorAll('style[data-emotion^="css "]')).toHaveLength(0);
  });

  it('are counted as inserted by the cache, so a component whose style came inserts nothing', () => {
    const page = renderedPage();
    const before = [...page.head.children];
    const cache = browserCache(page);

    expect(cache.inserted).toMatchObject({ [component.name]: true, other: true, baseline: true });
    renderIn(cache, Red);
    expect([...page.head.children]).toEqual(before);
  });

  it('come before what the cache inserts later', () => {
    const page = renderedPage();
    renderIn(browserCache(page), Blue);

    const server = page.querySelector(`style[data-emotion^="${SERVER_STYLES_KEY} "]`);
    const inserted = server?.nextElementSibling;
    expect(inserted?.getAttribute('data-emotion')).toBe('css');
    expect(inserted?.textContent).toContain('color:blue');
    expect(inserted?.nextElementSibling?.tagName).toBe('LINK');
  });
});
