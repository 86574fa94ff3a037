import type { Plugin } from 'vite';

/**
 * MUI makes a default theme as each of these modules loads (`const x = createTheme();`), for
 * components rendered with no ThemeProvider. The shop always has one, yet a phone spent about
 * 30 ms of its start (4× CPU) making those seven themes. Here each is made the first time
 * something reads it, behind a Proxy that answers as the theme itself (docs/decisions/122).
 */
const MODULES: Record<string, RegExp> = {
  'material/styles/defaultTheme': /^const defaultTheme = createTheme\(\);$/m,
  'material/Box/Box': /^const defaultTheme = createTheme\(\);$/m,
  'system/createStyled/createStyled': /^export const systemDefaultTheme = createTheme\(\);$/m,
  'system/useTheme/useTheme': /^export const systemDefaultTheme = createTheme\(\);$/m,
  'system/Container/createContainer': /^const defaultTheme = createTheme\(\);$/m,
  'system/Grid/createGrid': /^const defaultTheme = createTheme\(\);$/m,
  'system/Stack/createStack': /^const defaultTheme = createTheme\(\);$/m,
};

/** The theme `make` gives, made when first read; every way of reading an object reaches it. */
const LAZY_THEME = `function lazyDefaultTheme(make) {
  let theme;
  const real = () => (theme ??= make());
  return new Proxy({}, {
    get: (_, key) => Reflect.get(real(), key),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}`;

export function lazyDefaultThemes(): Plugin {
  return {
    name: 'sprocket:lazy-default-themes',
    apply: 'build',
    transform(code, id) {
      const module = Object.keys(MODULES).find((name) =>
        id.replace(/\\/g, '/').endsWith(`/@mui/${name}.mjs`),
      );
      if (!module) return null;
      const eager = MODULES[module]!;
      // A newer MUI that makes its default theme another way fails the build here, not silently.
      if (!eager.test(code))
        throw new Error(`@mui/${module}: its default theme is not made as expected`);
      return {
        code: `${code.replace(eager, (line) =>
          line.replace('createTheme();', 'lazyDefaultTheme(() => createTheme());'),
        )}\n${LAZY_THEME}\n`,
        map: null,
      };
    },
  };
}
