/**
 * The Node.js the project runs on: production's runtime (functions/package.json `engines`), in the
 * version .node-version names, which scripts/use-node.sh installs from the npm registry
 * (docs/decisions/042).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** The major version Cloud Functions runs the API on. */
export const PRODUCTION_NODE_MAJOR = Number(
  (
    JSON.parse(readFileSync(join(ROOT, 'functions', 'package.json'), 'utf8')) as {
      engines: { node: string };
    }
  ).engines.node,
);

/** The version development, the tests and CI run on. */
export const PROJECT_NODE_VERSION = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();

/** Throws, saying how to get it, unless this process runs on production's major. */
export function assertProductionNode(what: string): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major === PRODUCTION_NODE_MAJOR) return;
  throw new Error(
    `${what} run on Node ${PRODUCTION_NODE_MAJOR}, production's runtime, but this is Node ` +
      `${process.version} (${process.execPath}). \`npm test\` runs them on it (scripts/ready.mjs); ` +
      `by hand, run \`source scripts/use-node.sh\` first: it puts Node ${PROJECT_NODE_VERSION} on PATH.`,
  );
}
