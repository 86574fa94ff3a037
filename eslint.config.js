import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './scripts/eslint-rules/no-import-cycle.js';
import oneWayModuleFolders from './scripts/eslint-rules/one-way-module-folders.js';

/** The adapters of the functions' ports: only the entry points (and tests) pick them. */
const ADAPTERS =
  '(store/(sqlite|firestore)|payments/(simulated|stripe)|payments/gateway-from-config|files/(local|cloud-storage))(/|\\.js$)';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist-server/**',
      'functions/lib/**',
      '.data/**',
      'e2e/screenshots/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // No module reaches itself again through its imports, anywhere (issue 22).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'local/no-import-cycle': 'error' },
  },
  // The folders of functions/src/modules import one way: none is reached again from a folder it
  // imports, directly or through others (issue 34, docs/decisions/083). Tests start the whole app.
  {
    files: ['functions/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { folders: { rules: { 'one-way': oneWayModuleFolders } } },
    rules: {
      'folders/one-way': ['error', { root: 'functions/src/modules' }],
    },
  },
  // Dependency direction (docs/architecture.md §10): config/lib/components → features → app, and
  // a feature never imports another feature (features/<name>/<folder>/<file>: "../../<other>/").
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.{1,2}/(.*/)?app(/|$)', message: 'Features do not import from app/.' },
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/',
              message:
                'A feature does not import another feature; share it through components/ or lib/.',
            },
            { regex: '(^|/)features/', message: 'A feature does not import another feature.' },
          ],
        },
      ],
    },
  },
  // Functions: http/ and the route files → services → store/, payments/, auth/, never back.
  {
    files: ['functions/src/{store,payments,auth}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(modules|http)(/|$)|^\\.{1,2}/(.*/)?app\\.js$',
              message: 'store/, payments/ and auth/ are below modules/ and http/.',
            },
          ],
        },
      ],
    },
  },
  // http/ is shared HTTP plumbing: no service, no adapter, not app.ts (issue 22). Of modules/ it
  // takes only the domain's errors and its serialized-JSON type.
  {
    files: ['functions/src/http/**/*.ts'],
    // Its tests run the whole app over HTTP, as every API test does.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?modules/(?!errors\\.js$|serialized-json\\.js$)',
              message: 'http/ imports no module but modules/errors and modules/serialized-json.',
            },
            {
              regex: '^\\.{1,2}/(.*/)?app\\.js$',
              message: 'http/ does not import app.ts: app.ts wires http/.',
            },
            {
              regex: `^\\.{1,2}/(.*/)?${ADAPTERS}`,
              message: 'http/ imports no adapter: the entry points wire them.',
            },
          ],
        },
      ],
    },
  },
  // Adapters implement a port and know nothing above it; modules use ports, never an adapter.
  {
    files: ['functions/src/files/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(modules|http)(/|$)|^\\.{1,2}/(.*/)?app\\.js$',
              message: 'files/ is below modules/ and http/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.{1,2}/(.*/)?${ADAPTERS}`,
              message:
                'A module uses a port (store/port, payments/port, files/port), never an adapter.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/src/modules/**/*.service.ts', 'functions/src/modules/errors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?http(/|$)',
              message:
                'Services throw domain errors (modules/errors.ts); http/ maps them to responses.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/{lib,components,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(features|app)(/|$)',
              message: 'lib/, components/ and config/ are below features/ and app/.',
            },
          ],
        },
      ],
    },
  },
  // Prices once (issue 22): every amount comes from contract/src/pricing; nothing else multiplies
  // a price by a quantity.
  {
    files: ['contract/src/**/*.ts', 'functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['contract/src/pricing/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator='*'] > :matches(Identifier[name=/^(unitP|p)rice$/], MemberExpression[property.name=/^(unitP|p)rice$/])",
          message: 'Amounts are computed in one place: priceLines (contract/src/pricing).',
        },
        {
          // MUI 9 has no system props: Typography's color matches only its named colours, and a
          // path such as 'text.secondary' was silently dropped (114 texts were not muted).
          selector:
            "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'] Literal[value=/\\./]",
          message:
            "Typography's color takes a palette colour or textPrimary, textSecondary, textDisabled; for a shade write sx={{ color: 'success.dark' }}.",
        },
      ],
    },
  },
  {
    files: ['contract/src/**/*.ts'],
    rules: {
      // contract/ is shared by the browser and the functions: no I/O, no Node built-ins.
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path'] }],
    },
  },
  {
    // The rules the public pages show (limits, messages, helpers) stay free of yup, so that those
    // pages never load it; only the schemas import it (docs/decisions/032).
    files: [
      'contract/src/money.ts',
      'contract/src/{brand,cart,orders,parts,reviews,users}/**/*.ts',
      'contract/src/schemas/{patterns,text-limits}.ts',
      'contract/src/api/{catalogue,entities,paths,responses}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'yup',
              message: 'A yup schema goes in a module of its own, which imports these rules.',
            },
          ],
          patterns: ['node:*', 'fs', 'path'],
        },
      ],
    },
  },
);
