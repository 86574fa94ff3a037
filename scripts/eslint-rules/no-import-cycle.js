/**
 * ESLint rule: no module may reach itself again through the modules it imports (issue 22).
 * Follows every relative import and re-export, type-only ones too (a type cycle still ties two
 * modules into one), resolving `./x.js` to `x.ts`, `x.tsx` or `x.js` as TypeScript does, and reports a file that is
 * part of a cycle, naming the cycle. What each file imports is read once per lint run.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const RELATIVE_IMPORT = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

const importsOf = new Map();

function resolveImport(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.tsx`,
    base,
    `${stem}/index.ts`,
    `${stem}/index.tsx`,
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function relativeImports(file) {
  let found = importsOf.get(file);
  if (!found) {
    const text = readFileSync(file, 'utf8');
    found = [...text.matchAll(RELATIVE_IMPORT)]
      .map((match) => resolveImport(file, match[1]))
      .filter((target) => target !== undefined);
    importsOf.set(file, found);
  }
  return found;
}

/** A path from `start` back to `start`, if there is one. */
function cycleFrom(start) {
  const seen = new Set();
  const path = [];
  const visit = (file) => {
    for (const next of relativeImports(file)) {
      if (next === start) return [...path, file, next];
      if (seen.has(next)) continue;
      seen.add(next);
      path.push(file);
      const found = visit(next);
      if (found) return found;
      path.pop();
    }
    return undefined;
  };
  return visit(start);
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses import cycles between the project’s own modules.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}' },
  },
  create(context) {
    return {
      Program(node) {
        const file = context.filename;
        if (!existsSync(file)) return;
        // The file as the linter sees it (it may differ from the disk in an editor).
        importsOf.delete(file);
        const cycle = cycleFrom(file);
        if (cycle) {
          const root = context.cwd;
          context.report({
            node,
            messageId: 'cycle',
            data: { cycle: cycle.map((step) => relative(root, step)).join(' → ') },
          });
        }
      },
    };
  },
};
