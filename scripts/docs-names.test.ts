/**
 * Every code name the docs cite in backticks exists in the tree (issue 34 item 6), so that a
 * rename or a removal fails here instead of leaving a stale citation. Which tokens are code names
 * is decided by their shape, not by a list:
 * - `METHOD /path` is a route of the API's routers; a bare `/path` whose first segment starts a
 *   route of the web app or the API is one of those routes, or a file the site serves (web/public);
 * - a path (a slash after a folder of the tree, or a source file's extension, or a dotfile) names
 *   a file or folder: the end of a path from any folder, so `lib/money.ts` and
 *   `parts.service.ts` count; `<x>`, `{x}`, `*` and `…` stand for one name and `a|b` for each of
 *   a and b; what git ignores (builds, local data) and what the code names in a string (a file it
 *   writes) count too; an action a workflow uses (`actions/setup-node`) is GitHub's, not a path;
 * - an identifier in camelCase or PascalCase, alone, called (`createApp(deps)`) or dotted
 *   (`gateway.refundIntent`), is written in the code (contract/, functions/, web/, scripts/, e2e/,
 *   bench/ and the root's config), outside comments: declared, imported, used, or a whole string
 *   (a collection's or a query key's name);
 * - a word with `_` (an error code, a setting, a constant) is written somewhere in the tree.
 * Other tokens (field names in lower case, values, bodies, commands) are prose. A passage from
 * `<!-- docs-names: off (why) -->` to `<!-- docs-names: on -->` describes code still to be written
 * (conventions §11's example) and is not checked. docs/decisions/ are records of the code as it
 * was when they were written and are not checked either (docs/conventions.md §10).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../contract/src/api/paths.js';
import { paths } from '../web/src/config/paths.js';

const ROOT = resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/** A file of the tree's walk, read once; empty if another test's run removed it since. */
const walkedTexts = new Map<string, string>();
const readWalked = (file: string) => {
  let text = walkedTexts.get(file);
  if (text === undefined) {
    try {
      text = read(file);
    } catch {
      text = '';
    }
    walkedTexts.set(file, text);
  }
  return text;
};

/** The docs that describe the code as it is. */
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/**
 * Tokens the rules take for code names that are not code, each with its reason. Kept short:
 * prefer a rule to a line here.
 */
const NOT_CODE = new Set<string>([
  // conventions §2: the shape of a hook's name, not a hook.
  'useSomething',
  // conventions §10: the shape of a record's file name.
  'docs/decisions/NNN-title.md',
]);

/**
 * The actions the workflows use (`uses: actions/setup-node@v4`): GitHub's names, not paths, though
 * one may start as a folder of the tree does (`modules/orders/actions/`).
 */
const workflowActions = new Set(
  readdirSync(join(ROOT, '.github/workflows'))
    .filter((name) => /\.ya?ml$/.test(name))
    .flatMap((name) => [
      ...read(`.github/workflows/${name}`).matchAll(/\buses:\s*['"]?([\w.-]+\/[\w./-]+)@/g),
    ])
    .map((m) => m[1]!),
);

/** The extensions that make a token without a slash a file name. */
const FILE_EXTENSIONS = /\.(?:ts|tsx|js|mjs|cjs|json|md|sh|ya?ml|html|rules)$/;
const CODE_EXTENSIONS = /\.(?:ts|tsx|js|mjs|cjs|json)$/;
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

// ---- The tree -------------------------------------------------------------------------------

/** Whether the root .gitignore leaves a path (a folder ends with `/`) out of the tree. */
const ignored = (() => {
  const rules = read('.gitignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((pattern) => {
      const body = pattern.replace(/\/$/, '');
      const glob = body.split('*').map(escape).join('[^/]*');
      // With a slash before its end a pattern is anchored at the root; without, it matches a name
      // at any depth; with one at its end, only a folder (gitignore(5)).
      const start = body.includes('/') ? '^' : '(?:^|/)';
      return new RegExp(`${start}${glob}${pattern.endsWith('/') ? '/' : '(?:/|$)'}`);
    });
  return (path: string) => rules.some((rule) => rule.test(path));
})();

/** Every file and folder (with a trailing slash) of the tree that git does not ignore. */
function treeEntries(): string[] {
  const entries: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.name === '.git' || ignored(entry.isDirectory() ? `${path}/` : path)) continue;
      if (entry.isDirectory()) {
        entries.push(`${path}/`);
        walk(path);
      } else if (entry.isFile()) {
        entries.push(path);
      }
    }
  };
  walk('');
  return entries;
}

const tree = treeEntries();
/** Every entry, and every end of it that starts at a folder: `orders/orders.routes.ts`, … */
const tails = new Set(
  tree.flatMap((entry) => {
    const parts = entry.split('/');
    return parts.map((_, i) => parts.slice(i).join('/')).filter((tail) => tail !== '');
  }),
);
const folderNames = new Set(
  tree.filter((entry) => entry.endsWith('/')).map((entry) => entry.split('/').at(-2)!),
);

const notDocs = tree.filter(
  (entry) =>
    !entry.endsWith('/') &&
    entry !== 'scripts/docs-names.test.ts' &&
    !entry.startsWith('docs/') &&
    entry !== 'README.md' &&
    entry !== 'package-lock.json' &&
    !/\.(?:png|jpe?g|webp|ico|woff2?|svg)$/.test(entry),
);
/** Every word of the tree's texts but the docs': settings, workflows, scripts and code. */
const treeWords = new Set(notDocs.flatMap((file) => readWalked(file).match(IDENTIFIER) ?? []));

/**
 * The code without its comments: the names it declares, imports and uses, and its strings. A
 * string is kept whole (a collection's name, a file the code writes); a template keeps its text.
 */
function codeNames() {
  const names = new Set<string>();
  const strings = new Set<string>();
  const token =
    /\/\*[\s\S]*?\*\/|(?<![:\\])\/\/[^\n]*|'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|([^/'"]+|\/)/g;
  for (const file of notDocs.filter((entry) => CODE_EXTENSIONS.test(entry))) {
    for (const m of readWalked(file).matchAll(token)) {
      const string = m[1] ?? m[2];
      if (string !== undefined) strings.add(string);
      for (const name of (string ?? m[3] ?? '').match(IDENTIFIER) ?? []) {
        if (string === undefined || string === name) names.add(name);
      }
    }
  }
  return { names, strings };
}
const code = codeNames();

// ---- Routes ---------------------------------------------------------------------------------

/** A path with its parameters as `{}`, without its query, fragment, `/api` base or last `/`. */
const shape = (path: string) =>
  path
    .replace(/[?#].*$/, '')
    .replace(/\{[^}]*\}|:[A-Za-z]\w*|PARAM|…/g, '{}')
    .replace(/^\/api(?=\/|$)/, '')
    .replace(/(.)\/$/, '$1') || '/';

/**
 * The API's routes as the modules' routers declare them (`.post('/ordered/:id/refund', …)`, a
 * path of the contract's `apiPaths`, or a constant made of one), read from their source so that
 * the check needs no running app.
 */
function apiRoutes(): Set<string> {
  const routes = new Set<string>();
  const builders = apiPaths as unknown as Record<string, (...args: string[]) => string>;
  for (const file of tree.filter((entry) => /^functions\/src\/.*\.routes\.ts$/.test(entry))) {
    const source = read(file);
    const constants = new Map(
      [...source.matchAll(/\bconst ([A-Z][A-Z0-9_]*) = apiPaths\.(\w+)\(/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    for (const m of source.matchAll(
      /\.(get|post|put|patch|delete)\(\s*(?:'([^']*)'|apiPaths\.(\w+)\(|([A-Z][A-Z0-9_]*)\b)/g,
    )) {
      const builder = m[3] ?? constants.get(m[4] ?? '');
      const path = m[2] ?? builders[builder ?? '']?.('PARAM', 'PARAM');
      if (path === undefined) throw new Error(`${file}: a route whose path is not read: ${m[0]}`);
      routes.add(`${m[1]!.toUpperCase()} ${shape(path)}`);
    }
  }
  return routes;
}
const api = apiRoutes();

/** Every `path` in the web's route table, however deep. */
function routePaths(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = 'path' in node && typeof node.path === 'string' ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(routePaths)];
}
const routes = new Set([
  ...routePaths(paths).map(shape),
  ...[...api].map((route) => route.split(' ')[1]!),
]);
const routeStarts = new Set([...routes].map((route) => route.split('/')[1]));

// ---- Tokens ---------------------------------------------------------------------------------

/** `a|b` in a segment stands for each of them. */
function alternatives(path: string): string[] {
  const [first, ...rest] = path.split('/');
  return rest.reduce(
    (heads, segment) => heads.flatMap((head) => segment.split('|').map((alt) => `${head}/${alt}`)),
    first!.split('|'),
  );
}

/** Whether a path names a file or folder of the tree (or one git ignores, or the code names). */
function pathExists(token: string): boolean {
  const path = token.replace(/^\.\//, '');
  const folder = path.endsWith('/');
  const bare = path.replace(/\/$/, '');
  if (ignored(path) || ignored(`${bare}/`) || code.strings.has(bare)) return true;
  if (!/[<>{}*…]/.test(bare)) {
    if (folder) return tails.has(`${bare}/`);
    return ['', '/', '.ts', '.tsx', '.js', '.mjs'].some((end) => tails.has(`${bare}${end}`));
  }
  const pattern = bare
    .split(/(<[^>]*>|\{[^}]*\}|\*\*|\*|…)/)
    .map((part, i) => (i % 2 === 0 ? escape(part) : part === '**' ? '.+' : '[^/]+'))
    .join('');
  const end = folder ? '/' : '(?:\\.(?:ts|tsx|js|mjs))?/?';
  const matcher = new RegExp(`(?:^|/)${pattern}${end}$`);
  return tree.some((entry) => matcher.test(entry));
}

const camelOrPascal = /^(?:[a-z][a-z0-9]*[A-Z]|[A-Z](?=[A-Za-z0-9]*[a-z]))/;

/** Whether a word is a code name, and what is wrong when it is and does not exist. */
function nameProblem(word: string): string | undefined {
  if (camelOrPascal.test(word)) return code.names.has(word) ? undefined : word;
  if (word.endsWith('_')) {
    return [...treeWords].some((other) => other.startsWith(word)) ? undefined : word;
  }
  if (word.includes('_')) return treeWords.has(word) ? undefined : word;
  return undefined;
}

/** What is wrong with a backticked token, or undefined when it exists or is not a code name. */
function problem(token: string): string | undefined {
  if (NOT_CODE.has(token) || workflowActions.has(token) || /:\/\/|^mailto:/.test(token)) {
    return undefined;
  }
  const route = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+)/.exec(token);
  if (route) {
    const path = shape(route[2]!.replace(/^\$\{[^}]*\}/, ''));
    return api.has(`${route[1]} ${path}`) ? undefined : 'no such route in the API';
  }
  if (/^\/\S*$/.test(token)) {
    const path = shape(token);
    if (!routeStarts.has(path.split('/')[1])) return undefined;
    const served =
      routes.has(path) ||
      (token.endsWith('/') && [...routes].some((other) => other.startsWith(`${path}/`))) ||
      pathExists(`web/public${token}`);
    return served ? undefined : 'no such route of the web app or the API';
  }
  if (/^@[\w-]+\/[\w-]+$/.test(token)) {
    return read('package-lock.json').includes(`node_modules/${token}"`)
      ? undefined
      : 'no such package installed';
  }
  if (/^[\w.\-/*<>{}|…]+$/.test(token)) {
    const first = token.replace(/^\.\//, '').split('/')[0]!;
    const isPath = token.includes('/')
      ? folderNames.has(first) || first.startsWith('.') || FILE_EXTENSIONS.test(token)
      : FILE_EXTENSIONS.test(token) || /^\.[\w-]+$/.test(token);
    if (isPath) return alternatives(token).every(pathExists) ? undefined : 'no such file or folder';
  }
  const name = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(\(.*\))?$/.exec(token);
  if (name) {
    // A call is a function's name, in whatever case; its arguments' names in camelCase are code's.
    const called = name[2] !== undefined;
    const missing = [
      ...name[1]!.split('.').flatMap((word) => {
        if (called && !code.names.has(word)) return [word];
        return called ? [] : (nameProblem(word) ?? []);
      }),
      ...((name[2] ?? '').match(IDENTIFIER) ?? []).flatMap((word) => nameProblem(word) ?? []),
    ];
    return missing.length === 0 ? undefined : `not in the code: ${missing.join(', ')}`;
  }
  return undefined;
}

/** Every backticked token of a doc, with its line, outside fenced blocks and examples. */
function citations(file: string): { line: number; token: string }[] {
  let skipped = false;
  let fenced = false;
  return read(file)
    .split('\n')
    .flatMap((text, i) => {
      if (/^\s*```/.test(text)) fenced = !fenced;
      if (text.includes('<!-- docs-names: off')) skipped = true;
      if (text.includes('<!-- docs-names: on')) skipped = false;
      if (fenced || skipped || /^\s*```/.test(text)) return [];
      return [...text.replace(/\\\|/g, '|').matchAll(/`([^`]+)`/g)].map((m) => ({
        line: i + 1,
        token: m[1]!.trim(),
      }));
    });
}

describe('the docs cite only code that exists', () => {
  it('reads the routes, names and files it checks against', () => {
    // A change of how the code is written would otherwise leave every citation unchecked.
    expect([...api]).toEqual(
      expect.arrayContaining(['POST /ordered/{}/refund', 'GET /parts/{}', 'PUT /admin/tax']),
    );
  });

  it.each([
    ['createApp(deps)', undefined],
    ['gateway.refundIntent', undefined],
    ['functions/src/modules/orders/actions/place-order.ts', undefined],
    ['actions/setup-node', undefined],
    ['store/sqlite|firestore', undefined],
    ['features/<feature>/', undefined],
    ['POST /ordered/{id}/refund', undefined],
    ['/dashboard/payment/{orderId}', undefined],
    ['.data/sprocket.sqlite', undefined],
    ['text/csv', undefined],
    ['returnStocks', 'not in the code: returnStocks'],
    ['returnStocks(order)', 'not in the code: returnStocks'],
    ['SHOP_NO_SUCH_SETTING', 'not in the code: SHOP_NO_SUCH_SETTING'],
    ['modules/orders/actions/place-orders.ts', 'no such file or folder'],
    ['actions/setup-nodes', 'no such file or folder'],
    ['store/sqlite|mongo', 'no such file or folder'],
    ['POST /ordered/{id}/refunds', 'no such route in the API'],
    ['/dashboard/wishlists', 'no such route of the web app or the API'],
  ])('`%s`: %s', (token, expected) => {
    expect(problem(token)).toBe(expected);
  });

  it.each(DOCS)('%s', (file) => {
    const stale = citations(file).flatMap(({ line, token }) => {
      const why = problem(token);
      return why ? [`${file}:${line} \`${token}\`: ${why}`] : [];
    });
    expect(stale).toEqual([]);
  });
});
