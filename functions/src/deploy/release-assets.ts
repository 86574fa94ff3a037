/**
 * Carrying the previous release's web assets into the next (docs/decisions/053). Each web build
 * lists its own hashed files in dist/release.json, which Hosting publishes as /release.json.
 * Before a deploy, the files the live release lists and the new build lacks are fetched into the
 * new build, so a page already open in a browser, or rendered by a function instance of the
 * previous release during the rollout, still finds every script it names. Only the previous
 * release's own files are carried (its list, not its folder), so nothing piles up.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ReleaseList {
  /** The build mode (`production` for a deploy). */
  mode: string;
  /** The build's own files under assets/. */
  assets: string[];
}

/** Reads one published file of the live release; undefined when it has none (404). */
export type ReadPublished = (path: string) => Promise<Uint8Array | undefined>;

const ASSET_NAME = /^[\w.-]+$/;

export function readReleaseList(dist: string): ReleaseList {
  return JSON.parse(readFileSync(join(dist, 'release.json'), 'utf8')) as ReleaseList;
}

function parseReleaseList(bytes: Uint8Array): ReleaseList | undefined {
  try {
    const list = JSON.parse(new TextDecoder().decode(bytes)) as Partial<ReleaseList>;
    return Array.isArray(list.assets)
      ? { mode: String(list.mode), assets: list.assets }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Copies into `dist`/assets the previous release's files it lacks; returns their names. */
export async function carryPreviousRelease(
  dist: string,
  readPublished: ReadPublished,
): Promise<string[]> {
  const listed = await readPublished('release.json');
  const previous = listed && parseReleaseList(listed);
  if (!previous) return [];
  const folder = join(dist, 'assets');
  mkdirSync(folder, { recursive: true });
  const carried: string[] = [];
  for (const name of previous.assets) {
    if (!ASSET_NAME.test(name) || existsSync(join(folder, name))) continue;
    const bytes = await readPublished(`assets/${name}`);
    if (!bytes) continue;
    writeFileSync(join(folder, name), bytes);
    carried.push(name);
  }
  return carried;
}

/** The live site as a ReadPublished: GET over HTTPS, 404 as undefined. */
export function publishedAt(site: string): ReadPublished {
  return async (path) => {
    const response = await fetch(new URL(path, site), { redirect: 'follow' });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`${site}${path} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
}
