/**
 * The docs that list what the code defines are checked against it (issue 22), so neither can
 * drift: the route table of docs/product.md against the web's paths, and the API calls the README
 * names against the contract's apiPaths.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../contract/src/api/paths.js';
import { paths } from '../web/src/config/paths.js';

const ROOT = resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Every `path` in the web's route table, however deep. */
function routePaths(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = 'path' in node && typeof node.path === 'string' ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(routePaths)];
}

/** A path with its parameters as `{}` and without its query string. */
const shape = (path: string) =>
  path
    .replace(/\?.*$/, '')
    .replace(/\{[^}]*\}|PARAM/g, '{}')
    .replace(/^\/api(?=\/)/, '');

describe('docs that cannot drift', () => {
  it('docs/product.md lists every route of the web app, and no other', () => {
    const table = read('docs/product.md')
      .split('\n')
      .filter((line) => line.startsWith('| `/'))
      .flatMap((line) =>
        [...(line.split('|')[1] ?? '').matchAll(/`(\/[^`]*)`/g)].map((m) => m[1]!),
      );
    expect(sorted(table)).toEqual(sorted(routePaths(paths)));
  });

  it('the README names every call of the contract’s apiPaths, and no other', () => {
    const contract = Object.values(apiPaths).map((build) =>
      shape((build as (...args: unknown[]) => string)('PARAM', 'PARAM')),
    );
    const readme = [
      ...read('README.md').matchAll(
        /`(?:(?:GET|POST|PUT|PATCH|DELETE)`, `)*(?:GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)/g,
      ),
    ].map((match) => shape(match[1]!));
    expect(sorted(readme)).toEqual(sorted(contract));
  });
});
