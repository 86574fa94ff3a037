/**
 * The lockfile that ships with the functions source (docs/decisions/013-functions-lockfile.md).
 *
 * `firebase deploy` uploads only `functions/`, and Cloud Build installs it on its own with
 * `npm ci`, which needs a `package-lock.json` in that folder. The repository keeps one lockfile at
 * the root for all workspaces; this derives the functions' own from it: exactly the packages the
 * functions resolve to locally, at the versions and integrity hashes the tests ran with, moved
 * from their place under the workspace root to the layout a standalone install has, with npm's
 * dev/optional/peer flags recomputed for the functions alone (so `npm ci` omits the dev tools).
 *
 * Pure: no file system access, so build.mjs can run it and tests can feed it any lockfile.
 */

export interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  extraneous?: boolean;
  [field: string]: unknown;
}

export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

export interface PackageJson {
  name: string;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
}

export class LockfileError extends Error {
  override name = 'LockfileError';
}

interface Edge {
  name: string;
  dev: boolean;
  optional: boolean;
  peer: boolean;
}

interface Flags {
  dev: boolean;
  optional: boolean;
  devOptional: boolean;
  peer: boolean;
}

const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const;

const NESTED = '/node_modules/';

/** The folder whose node_modules is searched next: "node_modules/a/node_modules/b" → "node_modules/a". */
function parentOf(location: string): string {
  const at = location.lastIndexOf(NESTED);
  return at === -1 ? '' : location.slice(0, at);
}

/** Node's resolution over a lockfile's locations: the nearest node_modules that has `name`. */
function resolveIn(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | undefined {
  for (let base = from; ; base = parentOf(base)) {
    const candidate = base ? `${base}${NESTED}${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
  }
}

function edgesOf(entry: LockEntry, isRoot: boolean): Edge[] {
  const edges: Edge[] = [];
  const add = (deps: Record<string, string> | undefined, kind: Omit<Edge, 'name'>) => {
    for (const name of Object.keys(deps ?? {})) edges.push({ name, ...kind });
  };
  add(entry.dependencies, { dev: false, optional: false, peer: false });
  add(entry.optionalDependencies, { dev: false, optional: true, peer: false });
  // Only the project itself has dev edges; a package's devDependencies are never installed.
  if (isRoot) add(entry.devDependencies, { dev: true, optional: false, peer: false });
  for (const name of Object.keys(entry.peerDependencies ?? {})) {
    const optional = entry.peerDependenciesMeta?.[name]?.optional === true;
    edges.push({ name, dev: false, optional, peer: true });
  }
  return edges;
}

const sameDeps = (a: Record<string, string> = {}, b: Record<string, string> = {}) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Derives the lockfile of the workspace at `workspace` (e.g. "functions") from the root lockfile.
 * Throws a LockfileError when the root lockfile does not match the workspace's package.json, or
 * when the workspace's tree cannot be laid out standalone exactly as it resolves in the repo.
 */
export function workspaceLockfile(
  root: Lockfile,
  workspace: string,
  manifest: PackageJson,
): Lockfile {
  if (root.lockfileVersion < 2) {
    throw new LockfileError(`package-lock.json v${root.lockfileVersion} has no "packages" map`);
  }
  const packages = root.packages;
  const recorded = packages[workspace];
  if (!recorded) {
    throw new LockfileError(`package-lock.json does not list the workspace "${workspace}"`);
  }
  for (const field of DEPENDENCY_FIELDS) {
    if (!sameDeps(recorded[field], manifest[field] as Record<string, string> | undefined)) {
      throw new LockfileError(
        `package-lock.json is out of date for ${workspace}/package.json (${field}); run npm install`,
      );
    }
  }

  // Walk the workspace's tree as Node resolves it, recording every edge.
  const reached = new Map<string, { entry: LockEntry; edges: [Edge, string][] }>();
  const queue = [workspace];
  while (queue.length > 0) {
    const location = queue.pop() as string;
    if (reached.has(location)) continue;
    const isRoot = location === workspace;
    const entry = isRoot ? manifestEntry(manifest, recorded) : (packages[location] as LockEntry);
    if (entry.link) {
      throw new LockfileError(
        `${location} is a link to the workspace "${entry.resolved}", which a standalone install cannot fetch; bundle it instead`,
      );
    }
    const edges: [Edge, string][] = [];
    for (const edge of edgesOf(entry, isRoot)) {
      const target = resolveIn(packages, location, edge.name);
      if (!target) {
        if (edge.optional) continue;
        throw new LockfileError(`${location} needs ${edge.name}, which package-lock.json lacks`);
      }
      edges.push([edge, target]);
      queue.push(target);
    }
    reached.set(location, { entry, edges });
  }

  // Move everything under the workspace's own node_modules to the top, and check that every edge
  // still resolves to the same package there.
  const relocated = new Map<string, string>();
  const taken = new Map<string, string>();
  for (const location of reached.keys()) {
    if (location === workspace) continue;
    const moved = location.startsWith(`${workspace}/`)
      ? location.slice(workspace.length + 1)
      : location;
    const holder = taken.get(moved);
    if (holder !== undefined) {
      throw new LockfileError(
        `${workspace} needs both ${holder} and ${location}; they cannot share ${moved} in a standalone install`,
      );
    }
    taken.set(moved, location);
    relocated.set(location, moved);
  }
  const placed: Record<string, LockEntry> = {};
  for (const [from, to] of relocated) placed[to] = packages[from] as LockEntry;
  for (const [location, { edges }] of reached) {
    const from = location === workspace ? '' : (relocated.get(location) as string);
    for (const [edge, target] of edges) {
      const standalone = from ? resolveIn(placed, from, edge.name) : `node_modules/${edge.name}`;
      if (standalone !== relocated.get(target)) {
        throw new LockfileError(
          `${location} resolves ${edge.name} to ${target} in the repo but to ${standalone ?? 'nothing'} standalone`,
        );
      }
    }
  }

  const flags = dependencyFlags(workspace, reached);
  const result: Record<string, LockEntry> = { '': manifestEntry(manifest, recorded) };
  for (const [from, to] of [...relocated].sort((a, b) => a[1].localeCompare(b[1], 'en'))) {
    const entry: LockEntry = { ...(packages[from] as LockEntry) };
    for (const flag of ['dev', 'optional', 'devOptional', 'peer', 'extraneous'] as const) {
      delete entry[flag];
    }
    const own = flags.get(from) as Flags;
    // The same fields in the same order as npm writes them.
    result[to] = {
      ...entry,
      ...(own.peer ? { peer: true } : {}),
      ...(own.devOptional && !own.dev && !own.optional ? { devOptional: true } : {}),
      ...(own.dev ? { dev: true } : {}),
      ...(own.optional ? { optional: true } : {}),
    };
  }
  return {
    name: manifest.name,
    ...(manifest.version ? { version: manifest.version } : {}),
    lockfileVersion: 3,
    requires: true,
    packages: result,
  };
}

/**
 * The lockfile's root entry: the workspace's package.json as npm records it (the dependency maps
 * as the root lockfile has them, already checked to equal package.json's, in npm's order).
 */
function manifestEntry(manifest: PackageJson, recorded: LockEntry): LockEntry {
  const entry: LockEntry = { name: manifest.name };
  if (manifest.version) entry.version = manifest.version;
  for (const field of DEPENDENCY_FIELDS) {
    if (recorded[field] !== undefined) entry[field] = recorded[field];
  }
  for (const field of ['engines', 'license'] as const) {
    if (manifest[field] !== undefined) entry[field] = manifest[field];
  }
  return entry;
}

/** npm's dev/optional/devOptional/peer flags (arborist's calc-dep-flags) for this tree alone. */
function dependencyFlags(
  workspace: string,
  reached: Map<string, { edges: [Edge, string][] }>,
): Map<string, Flags> {
  const flags = new Map<string, Flags>();
  for (const location of reached.keys()) {
    const isRoot = location === workspace;
    flags.set(location, { dev: !isRoot, optional: !isRoot, devOptional: !isRoot, peer: !isRoot });
  }
  const queue = [workspace];
  while (queue.length > 0) {
    const location = queue.pop() as string;
    const node = flags.get(location) as Flags;
    for (const [edge, target] of reached.get(location)?.edges ?? []) {
      const to = flags.get(target) as Flags;
      const before = JSON.stringify(to);
      if (!node.dev && !edge.dev) to.dev = false;
      if (!node.optional && !edge.optional) to.optional = false;
      // devOptional is the overlap of the dev and optional trees: removed only when both are.
      if (!node.devOptional && !node.dev && !node.optional && !edge.dev && !edge.optional) {
        to.devOptional = false;
      }
      if (!node.peer && !edge.peer) to.peer = false;
      if (JSON.stringify(to) !== before) queue.push(target);
    }
  }
  for (const own of flags.values()) {
    if (own.devOptional && (own.dev || own.optional)) own.devOptional = false;
  }
  return flags;
}
