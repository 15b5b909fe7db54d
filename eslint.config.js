// Lint enforces the direction of imports: app → ui → (contract); api stands alone.
// Everything may use the types generated from openapi.yaml (`@contract`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

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
);
