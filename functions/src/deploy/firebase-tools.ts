/**
 * The parts of firebase-tools the project reads to see what `firebase deploy` would see, offline
 * (the deploy check, the deploy tests): its own readers, typed here once. They are internal
 * modules of the pinned firebase-tools (package.json); a release that moves one fails the tests.
 */
import { createRequire } from 'node:module';

const requireTools = createRequire(import.meta.url);

/** The functions' `.env`, `.env.<project-id>` and `.env.<alias>`, as a deploy loads them. */
export const firebaseEnv = requireTools('firebase-tools/lib/functions/env.js') as {
  loadUserEnvs(options: {
    functionsSource: string;
    projectId: string;
    projectAlias?: string;
    projectDir: string;
    isEmulator?: boolean;
  }): Record<string, string>;
};

/** An extension instance's parameters (`extensions/<instance>.env`, per project too). */
export const extensionManifest = requireTools('firebase-tools/lib/extensions/manifest.js') as {
  readInstanceParam(args: {
    projectDir: string;
    instanceId: string;
    projectId?: string;
  }): Record<string, string>;
};

/** An extension reference of firebase.json, `publisher/extension@version`. */
export const extensionRefs = requireTools('firebase-tools/lib/extensions/refs.js') as {
  parse(ref: string): { publisherId: string; extensionId: string; version?: string };
};
