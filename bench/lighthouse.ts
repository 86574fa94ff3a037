/**
 * Lighthouse for the first-load bench, installed from the npm registry on its first use into
 * bench/.lighthouse/ (git-ignored) instead of with the project: with its Sentry and OpenTelemetry
 * it is 150 MB that every install and CI run would carry for one benchmark (docs/decisions/042).
 * The version is pinned here, as a dependency's would be in the lockfile.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const LIGHTHOUSE_VERSION = '13.5.0';
const TOOLS = join(import.meta.dirname, '.lighthouse', LIGHTHOUSE_VERSION);
const modulePath = (path: string) => pathToFileURL(join(TOOLS, 'node_modules', path)).href;

export interface LighthouseResult {
  lhr: {
    runtimeError?: { message: string };
    audits: Record<string, { numericValue?: number } | undefined>;
    categories: Record<string, { score: number | null } | undefined>;
    environment?: { benchmarkIndex: number };
  };
}
export type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<LighthouseResult | undefined>;
export interface LaunchedChrome {
  port: number;
  kill(): void | Promise<void>;
}

export interface Lighthouse {
  lighthouse: RunLighthouse;
  desktopConfig: unknown;
  launchChrome(options: { chromePath: string; chromeFlags: string[] }): Promise<LaunchedChrome>;
}

function install(): void {
  if (existsSync(join(TOOLS, 'node_modules', 'lighthouse', 'package.json'))) return;
  console.info(`Installing lighthouse@${LIGHTHOUSE_VERSION} for this bench into ${TOOLS}…`);
  mkdirSync(TOOLS, { recursive: true });
  // A package of its own, so the install neither reads nor changes the project's tree.
  writeFileSync(join(TOOLS, 'package.json'), '{ "private": true }\n');
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefix', TOOLS, `lighthouse@${LIGHTHOUSE_VERSION}`],
    { stdio: 'inherit' },
  );
}

export async function loadLighthouse(): Promise<Lighthouse> {
  install();
  const lighthouse = (await import(modulePath('lighthouse/core/index.js'))) as {
    default: RunLighthouse;
  };
  const desktop = (await import(modulePath('lighthouse/core/config/desktop-config.js'))) as {
    default: unknown;
  };
  const chromeLauncher = (await import(modulePath('chrome-launcher/dist/index.js'))) as {
    launch: Lighthouse['launchChrome'];
  };
  return {
    lighthouse: lighthouse.default,
    desktopConfig: desktop.default,
    launchChrome: chromeLauncher.launch,
  };
}
