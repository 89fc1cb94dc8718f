// ESLint: typescript-eslint with type information, the React rules, and the architecture (docs/decisions/011).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Server folders that hold one resource each; the infrastructure (http, db, cache) never imports them. */
const RESOURCES = ['auth', 'comercios', 'denuncias', 'imagenes', 'operador', 'pagos', 'promociones', 'seed'];
/** Every folder of src/web/features is a feature. */
const FEATURES = readdirSync(`${import.meta.dirname}/src/web/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The layers of docs/decisions/011: each zone lists what its files may not import. */
const zones = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared no depende de server ni web.' },
  { target: './src/web', from: './src/server', message: 'src/web nunca importa src/server.' },
  { target: './src/server', from: './src/web', message: 'src/server nunca importa src/web.' },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features/**', './src/web/shell/**', './src/web/*.{ts,tsx}'],
    message: 'components y lib son de todas las features: no importan features, shell ni la app.',
  },
  // A feature (or the shell) reaches a feature only through its public entry, features/<area>/index.ts.
  {
    target: './src/web/shell',
    from: './src/web/features/*/**/!(index).{ts,tsx}',
    message: 'Importá la feature por su entrada pública (#web/features/<area>).',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: `./src/web/features/!(${feature})/**/!(index).{ts,tsx}`,
    message: 'Importá otra feature por su entrada pública (#web/features/<area>).',
  })),
  {
    target: ['./src/server/http', './src/server/db', './src/server/cache'],
    from: RESOURCES.map((folder) => `./src/server/${folder}`),
    message: 'http, db y cache son infraestructura: no importan recursos; el recurso se registra en ellos.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'test-results', 'playwright-report', '.e2e-data', 'data'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports by parsing each module: it needs the TypeScript parser for .ts/.tsx.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Hooks, contexts and deps hand out plain objects of closures, destructured by design (no class uses `this`).
      '@typescript-eslint/unbound-method': 'off',
      // Fastify plugins and cache loaders are async by contract, whether or not their body awaits.
      '@typescript-eslint/require-await': 'off',
      // A JSX handler may return a promise (react-hook-form's handleSubmit): React ignores the return value.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Node's URL and URLSearchParams print as the DOM's do (the server has Node's types, not the DOM's).
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allow: [
            { from: 'lib', name: ['Error', 'URL', 'URLSearchParams'] },
            { from: 'package', package: 'url', name: ['URL', 'URLSearchParams'] },
          ],
        },
      ],
      // `const { a: _a, ...rest } = x` is how a copy leaves fields out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // A `let` read by a closure before its one assignment (an app and the sandbox that calls it) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic two: the React Compiler's rules (refs, set-state-in-effect…) are for code it compiles; we don't use it.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test/**', '**/testing.tsx', 'e2e/**', 'bench/**'],
    rules: {
      // Tests read untyped JSON bodies (inject().json(), fetch mocks) and let expect() check their shape.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Fetch mocks stringify the URL they were called with; the app always passes a string.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
