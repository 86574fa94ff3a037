import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { deadline } from '../scripts/test-deadlines.js';
import { lazyDefaultThemes } from './lazy-default-themes.js';
import { productionSettingProblems } from './src/config/production-settings.js';

/** The built app's page (see appHtml below). */
export const APP_HTML = 'app.html';

interface HostingConfig {
  hosting: { headers: { source?: string; headers: { key: string; value: string }[] }[] };
}

/** The Content-Security-Policy firebase.json serves with every page. */
function hostingCsp(): string {
  const firebase = JSON.parse(
    readFileSync(new URL('../firebase.json', import.meta.url), 'utf8'),
  ) as HostingConfig;
  const policy = firebase.hosting.headers
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy');
  if (!policy) throw new Error('firebase.json serves no Content-Security-Policy');
  return policy.value;
}

/**
 * A production build (`vite build`, the hosting predeploy) stops with the settings to fix when
 * web/.env.production still has its placeholders or names an origin the site's CSP blocks,
 * instead of building a shop that cannot sign anyone in. Emulator and test builds are not checked.
 */
function productionSettingsCheck(): Plugin {
  return {
    name: 'sprocket:production-settings',
    apply: 'build',
    configResolved({ mode, env }) {
      if (mode !== 'production') return;
      const problems = productionSettingProblems(env, hostingCsp());
      if (problems.length > 0) {
        throw new Error(
          `The production build needs real settings in web/.env.production (see web/.env.example):\n- ${problems.join('\n- ')}`,
        );
      }
    },
  };
}

/**
 * The built page is app.html, not index.html: Firebase Hosting serves an index.html for "/"
 * before any rewrite, and "/" is rendered by the function (docs/decisions/040). Hosting answers
 * every other page with app.html (firebase.json).
 */
function appHtml(): Plugin {
  return {
    name: 'sprocket:app-html',
    apply: 'build',
    // After Vite's own HTML plugin has put index.html into the bundle.
    enforce: 'post',
    generateBundle(_, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: APP_HTML, source: page.source });
    },
  };
}

/** The app's start: the router with the screens the function renders, and what they import. */
const STOREFRONT = /[\\/]src[\\/]app[\\/]start\.tsx$/;
/** The modules main.tsx imports itself, and Vite's helper for imports. */
const BOOT =
  /[\\/]src[\\/]lib[\\/]reload-on-stale-chunk\.ts$|[\\/]contract[\\/]src[\\/]money\.ts$|vite[\\/]preload-helper/;
/** The settings' check, which main.tsx runs before the app (its own chunk: it throws when imported). */
const SETTINGS = /[\\/]src[\\/]config[\\/]env\.ts$/;
/**
 * React, and main.tsx's first stage that hydrates with it (app/react-runtime.tsx, with the
 * hydration's flag it sets): evaluated in a task after the entry's (docs/decisions/120).
 */
const REACT =
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/](app[\\/]react-runtime\.tsx|lib[\\/]use-hydrated\.ts)$/;
/** The router and React Query, evaluated in a task of their own (app/routing.ts). */
const ROUTING = /[\\/]node_modules[\\/](react-router|@tanstack)[\\/]/;
/** The styling framework, evaluated in a task of its own before the storefront (app/framework.ts). */
const FRAMEWORK =
  /[\\/]node_modules[\\/](@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|hoist-non-react-statics|react-is|clsx|prop-types)[\\/]/;
/**
 * The toasts (app/toasts.ts): notistack makes its stylesheet with goober as it loads, half of
 * what evaluating the framework took; a task of its own after it (docs/decisions/112).
 */
const TOASTS = /[\\/]node_modules[\\/](notistack|goober)[\\/]/;
/** MUI's theme machinery, with the default theme it makes as it loads (app/material-styles.ts). */
const MATERIAL_STYLES = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]styles[\\/]/;
/**
 * MUI's form fields, menus and dialogs, with the parts they are built from, evaluated before the
 * rest of its components (app/material-forms.ts): the two took one long task together
 * (docs/decisions/120).
 */
const MATERIAL_FORMS =
  /[\\/]node_modules[\\/]@mui[\\/]material[\\/](Select|InputBase|OutlinedInput|FilledInput|Input|InputLabel|InputAdornment|TextField|FormControl|FormControlLabel|FormHelperText|FormLabel|NativeSelect|TextareaAutosize|Menu|MenuList|MenuItem|Popover|Modal|Unstable_TrapFocus|Backdrop|Fade|Grow|Portal|Dialog\w*|List\w*)[\\/]/;
/** MUI's components (app/material.ts). */
const MATERIAL =
  /[\\/]node_modules[\\/](@mui[\\/]material|@mui[\\/]core-downloads-tracker|react-transition-group|@popperjs)[\\/]/;

/**
 * The modules the app's start imports, found once the build has read them all: MUI's among them
 * are evaluated in a task of their own before the storefront's (docs/decisions/110), and only
 * those, so the components only the dashboard uses stay in the dashboard's chunks.
 */
function storefrontGraph(): Plugin & { has(id: string): boolean } {
  const graph = new Set<string>();
  return {
    name: 'sprocket:storefront-graph',
    apply: 'build',
    has: (id) => graph.has(id),
    buildEnd() {
      const start = [...this.getModuleIds()].find((id) => STOREFRONT.test(id));
      const queue = start ? [start] : [];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (graph.has(id)) continue;
        graph.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
const storefront = storefrontGraph();

/**
 * main.tsx starts the import of every stage of the app at once, one import a task, and the
 * browser fetches each stage's chunks as it reads them (docs/decisions/122): Vite's preload links
 * for those imports would cost the phone a long task of their own, and fetched the stages' own
 * small chunks only when each stage's turn came. Every other import keeps Vite's preloads.
 */
function entryImportsUnpreloaded(): Plugin & {
  preloads(host: string, chunks: string[]): string[];
} {
  let bundle: Record<string, { type: string; isEntry?: boolean }> = {};
  return {
    name: 'sprocket:entry-imports-unpreloaded',
    apply: 'build',
    // Before Vite's own generateBundle, which asks resolveDependencies for each import's preloads.
    enforce: 'pre',
    generateBundle(_, output) {
      bundle = output;
    },
    // The page's one entry chunk is main.tsx's (index.html names it).
    preloads: (host, chunks) => (bundle[host]?.isEntry ? [] : chunks),
  };
}
const entryImports = entryImportsUnpreloaded();

export default defineConfig({
  plugins: [
    productionSettingsCheck(),
    react(),
    appHtml(),
    lazyDefaultThemes(),
    storefront,
    entryImports,
  ],
  build: {
    // React with MUI's system, react-router and React Query make about 450 kB (150 kB gzip).
    chunkSizeWarningLimit: 600,
    // The page names only its entry: preloads in the head would share the phone's bandwidth with
    // the page and its first picture, which the scripts are not needed for (docs/decisions/058).
    // A script's own imports are fetched together, as soon as it runs.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostId, hostType }) =>
        hostType === 'html' ? [] : entryImports.preloads(hostId, dependencies),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What main.tsx and config/env.ts need before the app: kept out of the storefront
              // group (which would take them with the screens that use them too), so React, the
              // framework and the storefront are evaluated in three tasks, not one long one
              // (docs/decisions/073).
              name: 'boot',
              priority: 4,
              test: BOOT,
              includeDependenciesRecursively: false,
            },
            {
              name: 'settings',
              priority: 4,
              test: SETTINGS,
              includeDependenciesRecursively: false,
            },
            { name: 'react', priority: 3, test: REACT },
            { name: 'routing', priority: 2, test: ROUTING },
            { name: 'framework', priority: 2, test: FRAMEWORK },
            { name: 'toasts', priority: 2, test: TOASTS },
            {
              // Before the components' group, so it takes the modules the theme needs with it
              // and the components' chunk imports it, never the other way (docs/decisions/118).
              name: 'material-styles',
              priority: 2,
              test: (id) => MATERIAL_STYLES.test(id) && storefront.has(id),
            },
            {
              name: 'material-forms',
              priority: 2,
              test: (id) => MATERIAL_FORMS.test(id) && storefront.has(id),
            },
            {
              name: 'material',
              priority: 2,
              test: (id) => MATERIAL.test(id) && storefront.has(id),
            },
            {
              name: 'storefront',
              priority: 1,
              test: STOREFRONT,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    unstubGlobals: true,
    restoreMocks: true,
    // Typing into forms in jsdom takes seconds on a busy two-core machine (CI runs the suites
    // beside builds); the 5 s default failed there while the same tests pass alone.
    testTimeout: deadline(30_000),
    // The same settings as the emulator build, so config/env.ts passes its start-up check.
    env: {
      VITE_FIREBASE_API_KEY: 'demo-key-for-tests',
      VITE_FIREBASE_AUTH_DOMAIN: 'demo-sprocket.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'demo-sprocket',
      VITE_AUTH_EMULATOR_URL: '',
      VITE_API_BASE: '/api',
      VITE_PAYMENTS: 'simulated',
      VITE_SHOP_CURRENCY: 'USD',
    },
    // notistack's ES module through Vite, as the app's build takes it: Node would load its
    // CommonJS build, with a goober of its own, and the page renderer would find none of the
    // toasts' styles to send (entry-server.tsx).
    alias: { notistack: 'notistack/notistack.esm.js' },
    server: { deps: { inline: ['notistack'] } },
  },
});
