import { describe, expect, it } from 'vitest';
import { LockfileError, workspaceLockfile, type Lockfile, type PackageJson } from './lockfile.js';

const integrity = (name: string) => `sha512-${name}`;
const pkg = (version: string, fields: Record<string, unknown> = {}) => ({
  version,
  integrity: integrity(`${version}`),
  ...fields,
});

const manifest: PackageJson = {
  name: '@shop/functions',
  dependencies: { web: '^2.0.0', sdk: '^1.0.0' },
  devDependencies: { native: '^3.0.0' },
  engines: { node: '22' },
};

/** A root lockfile: functions next to a web workspace that needs another major of `web`. */
function rootLock(overrides: Record<string, unknown> = {}): Lockfile {
  return {
    name: 'shop',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'shop', workspaces: ['functions', 'site'] },
      functions: {
        name: '@shop/functions',
        dependencies: { sdk: '^1.0.0', web: '^2.0.0' },
        devDependencies: { native: '^3.0.0' },
        engines: { node: '20' },
      },
      site: { name: '@shop/site', dependencies: { web: '^1.0.0' } },
      'node_modules/@shop/functions': { resolved: 'functions', link: true },
      'node_modules/@shop/site': { resolved: 'site', link: true },
      // Hoisted for the site; the functions have their own major under functions/node_modules.
      'node_modules/web': pkg('1.4.0', { dev: true }),
      'functions/node_modules/web': pkg('2.1.0', { dependencies: { tslib: '^2.0.0' } }),
      'node_modules/tslib': pkg('2.8.0', { devOptional: true }),
      'node_modules/sdk': pkg('1.2.3', {
        dependencies: { helper: '^1.0.0' },
        optionalDependencies: { fast: '^1.0.0', absent: '^1.0.0' },
        peerDependencies: { tslib: '^2.0.0', react: '*' },
        peerDependenciesMeta: { react: { optional: true } },
      }),
      'node_modules/sdk/node_modules/helper': pkg('1.0.1'),
      'node_modules/fast': pkg('1.1.0', { optional: true }),
      'node_modules/native': pkg('3.0.0', { dev: true, hasInstallScript: true }),
      'node_modules/unrelated': pkg('9.9.9', { dev: true }),
      ...overrides,
    },
  };
}

describe('workspaceLockfile', () => {
  const lock = workspaceLockfile(rootLock(), 'functions', manifest);

  it('lists exactly the packages the functions resolve to, at their tested versions', () => {
    expect(Object.keys(lock.packages)).toEqual([
      '',
      'node_modules/fast',
      'node_modules/native',
      'node_modules/sdk',
      'node_modules/sdk/node_modules/helper',
      'node_modules/tslib',
      'node_modules/web',
    ]);
    expect(lock.packages['node_modules/web']).toMatchObject({
      version: '2.1.0',
      integrity: integrity('2.1.0'),
    });
    expect(lock.packages['node_modules/native']).toMatchObject({ hasInstallScript: true });
  });

  it('records package.json as the root, with its own engines', () => {
    expect(lock).toMatchObject({ name: '@shop/functions', lockfileVersion: 3, requires: true });
    expect(lock.packages['']).toEqual({
      name: '@shop/functions',
      dependencies: { sdk: '^1.0.0', web: '^2.0.0' },
      devDependencies: { native: '^3.0.0' },
      engines: { node: '22' },
    });
  });

  it('flags dev and optional packages for the functions alone, so npm ci can leave them out', () => {
    expect(lock.packages['node_modules/native']?.dev).toBe(true);
    expect(lock.packages['node_modules/fast']?.optional).toBe(true);
    // Flagged for the whole repo, but production packages of the functions.
    expect(lock.packages['node_modules/web']?.dev).toBeUndefined();
    expect(lock.packages['node_modules/tslib']?.devOptional).toBeUndefined();
    expect(lock.packages['node_modules/tslib']?.peer).toBeUndefined();
  });

  it('refuses a root lockfile that is out of date for package.json', () => {
    const changed = { ...manifest, dependencies: { ...manifest.dependencies, extra: '^1.0.0' } };
    expect(() => workspaceLockfile(rootLock(), 'functions', changed)).toThrow(
      new LockfileError(
        'package-lock.json is out of date for functions/package.json (dependencies); run npm install',
      ),
    );
  });

  it('refuses a dependency on another workspace, which Cloud Build could not fetch', () => {
    const lockWithLink = rootLock({ 'node_modules/sdk': { resolved: 'site', link: true } });
    expect(() => workspaceLockfile(lockWithLink, 'functions', manifest)).toThrow(
      /node_modules\/sdk is a link to the workspace "site"/,
    );
  });

  it('refuses a tree that would resolve differently once the functions stand alone', () => {
    // sdk, hoisted, uses the site's web@1; standalone, web@2 would take that place.
    const clash = rootLock({
      'node_modules/sdk': pkg('1.2.3', { dependencies: { web: '^1.0.0' } }),
    });
    expect(() => workspaceLockfile(clash, 'functions', manifest)).toThrow(
      'functions needs both functions/node_modules/web and node_modules/web; they cannot share node_modules/web in a standalone install',
    );
  });

  it('refuses a lockfile that lacks a needed package', () => {
    const packages = { ...rootLock().packages };
    delete packages['node_modules/sdk/node_modules/helper'];
    expect(() => workspaceLockfile({ ...rootLock(), packages }, 'functions', manifest)).toThrow(
      'node_modules/sdk needs helper, which package-lock.json lacks',
    );
  });
});
