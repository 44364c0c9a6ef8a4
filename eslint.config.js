// Lint rules, including the dependency rules of docs/architecture.md ("Shape") enforced as import zones.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/import-boundaries.js';

const features = readdirSync(new URL('./web/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { project: boundaries, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'project/import-boundaries': [
        'error',
        {
          zones: [
            { target: 'shared', from: ['server', 'web', 'desktop'], message: 'shared/ imports no project code' },
            { target: 'server', from: ['web', 'desktop'], message: 'server/ imports only shared/' },
            { target: 'web', from: ['server', 'desktop'], message: 'web/ imports only shared/' },
            { target: 'desktop', from: ['server', 'web'], message: 'desktop/ imports only shared/' },
            ...features.map((f) => ({
              target: `web/features/${f}`,
              from: ['web/features'],
              except: [`web/features/${f}`],
              message: 'One web feature does not import another: lift shared pieces to web/api, web/components or web/lib',
            })),
            { target: 'web/components', from: ['web/features'], message: 'Shared web code does not import features' },
            { target: 'web/lib', from: ['web/features'], message: 'Shared web code does not import features' },
            // Web folders stand on one another in one order: features and app on components, components on
            // the data layer (web/api), which sits on the offline store (web/offline), which sits on web/lib.
            { target: 'web/api', from: ['web/features', 'web/components', 'web/app'], message: 'The web data layer (web/api) imports only shared/, web/offline and web/lib' },
            { target: 'web/offline', from: ['web/features', 'web/components', 'web/app', 'web/api'], message: 'The offline store sits below web/api: it imports only shared/ and web/lib' },
            { target: 'web/lib', from: ['web/features', 'web/components', 'web/app', 'web/api', 'web/offline'], message: 'web/lib is the floor of the web app: it imports only shared/ and web/platform' },
            { target: 'web/components', from: ['web/app'], message: 'Shared web components do not import the app shell' },
          ],
        },
      ],
    },
  },
  {
    // shared/ runs everywhere: nothing of node, DOM libraries, express or electron.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(node:|fs$|path$|crypto$|express|electron|react|pg$|drizzle-orm|@mui/)', message: 'shared/ stays platform-free' }] },
      ],
    },
  },
  {
    // Only web/platform talks to the desktop bridge.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/platform/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'window', property: 'desktop', message: 'Use web/platform instead' }],
    },
  },
  {
    // MUI 9 components read palette names as `color` ("textSecondary", "error"); a palette path such as
    // "text.secondary" is silently ignored and the text keeps the inherited colour, and nothing warns.
    files: ['web/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='color'] > Literal[value=/\\./]",
          message: 'MUI ignores palette paths as a color prop: use textSecondary, textPrimary, error... (or sx)',
        },
      ],
    },
  },
  {
    // Routes, use cases and repositories never reach for the raw request in the wrong layer.
    files: ['server/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/errors', 'express'], message: 'Repositories never throw HTTP errors' }] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
