// Lint enforces the direction of imports: app → ui → (contract); api stands alone.
// Everything may use the types generated from openapi.yaml (`@contract`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const forbid = (groups) => ({
  'no-restricted-imports': ['error', { patterns: groups }],
});
const appImports = {
  group: ['@hub/app', '@hub/app/*', '**/app/src/*', '**/app/src/**'],
  message: 'Only app may import app.',
};
const apiImports = {
  group: ['@hub/api', '@hub/api/*', '**/api/src/*', '**/api/src/**'],
  message: 'The browser side never imports the server.',
};
const uiImports = {
  group: ['@hub/ui', '@hub/ui/*', '**/ui/src/*', '**/ui/src/**'],
  message: 'The server never imports the design system.',
};
const sandboxToEngine = {
  group: ['**/modules/**', '**/marketplaces/**', '**/http/**', '**/db/**', '**/workers/**'],
  message: 'A sandbox stands apart from the engine: it imports nothing of it.',
};

// The UI's layers (issue 20): a screen never imports another screen; what several screens use lives
// in ui/src/shared/, which imports no screen; the design system (components, theme) and the request
// layer (api) import neither. Imports are resolved to files, so `../Other/x`, `../../screens/Other/x`
// and `@hub/ui/screens/Other/x` are all caught, and a new screen folder is covered once it exists.
const uiSource = path.join(import.meta.dirname, 'ui/src');
const screenFolders = fs
  .readdirSync(path.join(uiSource, 'screens'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const uiLayers = {
  name: 'ui/layers',
  files: ['ui/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  // The sources import TypeScript files without their extension, as Vite resolves them.
  settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx'] })] },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: uiSource,
        zones: [
          ...screenFolders.map((screen) => ({
            target: `screens/${screen}`,
            from: 'screens',
            except: [`./${screen}`],
            message: 'A screen never imports another screen: what several screens use belongs in ui/src/shared/.',
          })),
          { target: 'shared', from: 'screens', message: 'Shared UI code never imports a screen.' },
          {
            target: ['components', 'theme', 'api'],
            from: ['screens', 'shared', 'testing'],
            message: 'The design system and the request layer import no screen, shared screen code or story helper.',
          },
        ],
      },
    ],
  },
};

// The API's modules (issue 20), lowest first: a module may import only the modules listed before it, so
// they call each other in one direction (docs/architecture.md says what each owns). A module never
// imports http/ (routes import modules). Every folder of api/src/modules must have its place here.
const moduleOrder = [
  'csv',
  'audit',
  'billing',
  'settings',
  'mail',
  'rate-limit',
  'auth',
  'channel-access',
  'pricing',
  // Below listings and webhooks: publishing runs the checks first, a marketplace's notice has them run again.
  'compliance',
  // Below push: a SKU sold out or back in stock asks the ad rules to look, in the planning's transaction.
  'advertising',
  'push',
  'stock',
  'orders',
  'webhooks',
  'listings',
  'reconciliation',
  'channels',
  'analytics',
  'dashboard',
  'alerts',
];
const apiModules = path.join(import.meta.dirname, 'api/src/modules');
const unplaced = fs
  .readdirSync(apiModules, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !moduleOrder.includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0)
  throw new Error(
    `eslint.config.js: place api/src/modules/${unplaced.join(', ')} in moduleOrder (the modules' direction).`,
  );
const moduleDirection = {
  name: 'api/module-direction',
  files: ['api/**/*.ts'],
  plugins: { 'import-x': importX },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: path.join(import.meta.dirname, 'api/src'),
        zones: [
          ...moduleOrder.slice(0, -1).map((module, i) => ({
            target: `modules/${module}`,
            from: moduleOrder.slice(i + 1).map((higher) => `modules/${higher}`),
            message: `Modules call each other in one direction (moduleOrder in eslint.config.js, docs/architecture.md): ${module} may import only ${moduleOrder.slice(0, i).join(', ') || 'no other module'}.`,
          })),
          {
            target: 'modules',
            from: 'http',
            message: 'A module never imports http/: routes import modules, not the reverse.',
          },
        ],
      },
    ],
  },
};

// No import cycle anywhere: a cycle between files is a cycle between the things they hold. Type-only
// imports are not followed (they leave nothing at run time). The resolver follows imports written with
// their extension (api/) and without (ui/, app/, as Vite resolves them).
const noCycles = {
  name: 'no-cycles',
  files: ['**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    // Packages are not ours to check (and some are bundles too deep to parse).
    'import-x/ignore': ['node_modules'],
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs'] })],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      'data/**',
      'openapi.gen.ts',
      '.storybook/public/**',
      'api/drizzle/**',
      // Fixtures that break the rules on purpose: api/test/lint/boundaries.test.ts lints them.
      'api/test/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Tests read untyped JSON answers.
  {
    files: ['**/*.test.{ts,tsx}', 'api/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['ui/**/*.{ts,tsx}'], rules: forbid([appImports, apiImports]) },
  { files: ['mocks/**/*.{ts,tsx}'], rules: forbid([appImports, apiImports, uiImports]) },
  { files: ['app/**/*.{ts,tsx}'], rules: forbid([apiImports]) },
  { files: ['api/**/*.ts'], rules: forbid([appImports, uiImports]) },
  { files: ['api/src/sandbox/**/*.ts'], rules: forbid([appImports, uiImports, sandboxToEngine]) },
  moduleDirection,
  noCycles,
  uiLayers,
);
