/**
 * ESLint rule: the folders of functions/src/modules import one way (issue 34). A folder that
 * imports another is never reached again from it: not directly (two folders importing each other)
 * nor through others (a → b → c → a). Every relative import, re-export and dynamic import counts,
 * type-only ones too (a type still ties the two folders together); test files are left out (they
 * start the whole app). An import that closes a cycle is reported in each folder of the cycle,
 * with the way back and a file for each step.
 *
 * Options: `root`, the folder whose subfolders are checked (from the working directory), and
 * `knownPairs`, pairs of subfolders known to import each other while that is being removed: the
 * imports between the two are left out. A listed pair that no longer imports both ways is
 * reported, so that the list only shrinks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const IMPORT =
  /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;
const SOURCE = /\.tsx?$/;
const TEST = /\.(test|spec)\.tsx?$/;

/** Each file's relative imports as last read, by its modification time. */
const readImports = new Map();

function importsOnDisk(file) {
  const { mtimeMs } = statSync(file);
  const known = readImports.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.specifiers;
  const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(
    (match) => match[1] ?? match[2],
  );
  readImports.set(file, { mtimeMs, specifiers });
  return specifiers;
}

/** The source files under `dir`, tests left out, in a stable order. */
function sourceFiles(dir) {
  const found = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found;
}

/** The subfolder of `root` that holds `file`; undefined outside it or directly in it. */
function folderOf(root, file) {
  const path = relative(root, file);
  if (path.startsWith('..') || isAbsolute(path)) return undefined;
  const steps = path.split(sep);
  return steps.length > 1 ? steps[0] : undefined;
}

const pairKey = (a, b) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/**
 * Which folder imports which: `edges.get(a).get(b)` is the first file of `a` (in path order) that
 * imports from `b`. `linted` is the file being linted, with the imports it has now.
 */
function folderGraph(root, linted) {
  const files = sourceFiles(root);
  if (!files.includes(linted.file)) files.push(linted.file);
  const edges = new Map();
  for (const file of files) {
    const from = folderOf(root, file);
    if (from === undefined) continue;
    const specifiers = file === linted.file ? linted.specifiers : importsOnDisk(file);
    for (const specifier of specifiers) {
      const to = folderOf(root, resolve(dirname(file), specifier));
      if (to === undefined || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, file);
    }
  }
  return edges;
}

/** The shortest way from folder `start` to folder `goal`, as steps `{ from, to, file }`. */
function wayBetween(edges, start, goal, skipped) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === goal) {
      const steps = [];
      for (let at = goal; cameFrom.get(at) !== undefined; at = cameFrom.get(at).from) {
        steps.unshift(cameFrom.get(at));
      }
      return steps;
    }
    for (const [next, file] of edges.get(folder) ?? []) {
      if (cameFrom.has(next) || skipped.has(pairKey(folder, next))) continue;
      cameFrom.set(next, { from: folder, to: next, file });
      queue.push(next);
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'Refuses an import between two module folders that leads back where it began.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          knownPairs: {
            type: 'array',
            items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
          },
        },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      backAgain:
        '{{from}}/ imports {{to}}/, and {{to}}/ leads back to {{from}}/: {{way}}. Module folders import one way (issue 34): move what both need into the lower folder, or inject it at app.ts.',
      pairGone:
        '{{a}}/ and {{b}}/ no longer import each other: take the pair out of knownPairs (eslint.config.js).',
    },
  },
  create(context) {
    const [{ root: rootOption, knownPairs = [] }] = context.options;
    const root = resolve(context.cwd, rootOption);
    const file = resolve(context.filename);
    const folder = folderOf(root, file);
    if (folder === undefined || TEST.test(file)) return {};
    const imports = [];
    const note = (node) => {
      const source = node.source;
      if (source?.type === 'Literal' && typeof source.value === 'string') {
        if (/^\.{1,2}\//.test(source.value)) imports.push({ node, specifier: source.value });
      }
    };
    return {
      ImportDeclaration: note,
      ExportNamedDeclaration: note,
      ExportAllDeclaration: note,
      ImportExpression: note,
      'Program:exit'(program) {
        const edges = folderGraph(root, {
          file,
          specifiers: imports.map(({ specifier }) => specifier),
        });
        const skipped = new Set(knownPairs.map(([a, b]) => pairKey(a, b)));
        const shown = (path) => relative(root, path).split(sep).join('/');
        for (const { node, specifier } of imports) {
          const to = folderOf(root, resolve(dirname(file), specifier));
          if (to === undefined || to === folder || skipped.has(pairKey(folder, to))) continue;
          const way = wayBetween(edges, to, folder, skipped);
          if (!way) continue;
          context.report({
            node,
            messageId: 'backAgain',
            data: {
              from: folder,
              to,
              way: way.map((step) => `${step.from} → ${step.to} (${shown(step.file)})`).join(', '),
            },
          });
        }
        // A pair that no longer imports both ways, reported once: at the first file of its first folder.
        for (const [a, b] of knownPairs) {
          if (a !== folder) continue;
          const first = sourceFiles(join(root, a))[0];
          if (first !== undefined && resolve(first) !== file) continue;
          if (edges.get(a)?.has(b) && edges.get(b)?.has(a)) continue;
          context.report({ node: program, messageId: 'pairGone', data: { a, b } });
        }
      },
    };
  },
};
