/**
 * ESLint flat configuration (issue 11 item 5; STYLE.md §5): `npm run lint` runs it with
 * `--max-warnings 0` after `prettier --check`, so formatting is Prettier's job and this file only
 * holds correctness and accessibility rules.
 *
 * - every .ts/.tsx/.astro/.js/.mjs file: ESLint's and typescript-eslint's recommended rules
 *   (syntactic, not type-aware: `astro check` already type-checks, and the typed rules took
 *   ten times the CPU time, about 2 minutes instead of 12 s, on this machine);
 * - .astro files: eslint-plugin-astro's recommended rules and its jsx-a11y rules; their
 *   `<script>` blocks run in the browser;
 * - .tsx islands: jsx-a11y's recommended rules;
 * - globals by where a file runs (STYLE.md §2): `src/lib/`, `src/schemas/` and each feature's
 *   `rules/` run anywhere (only what Node and browsers share), browser code (`src/browser/`,
 *   `src/islands/`, `src/stores/`, `src/directives/`, each feature's `browser/`, Astro
 *   `<script>`s), Node code (tooling `scripts/`, tests, configs, `src/platform/`, each feature's
 *   `server/`, `netlify/functions/`, integrations and loaders) and the Netlify
 *   edge (`netlify/edge-functions/`, Deno: web APIs only).
 * A rule is switched off only with a comment saying why.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Globals of code that must run in Node, browsers and edge runtimes alike. */
const anywhere = { ...globals['shared-node-browser'], ...globals.es2024 };

export default defineConfig(
  {
    ignores: [
      // Build output, caches, reports and local state (as .gitignore), generated and served-as-is files.
      'dist/**',
      '.astro/**',
      '.netlify/**',
      'coverage/**',
      'node_modules/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      '.terrace/**',
      '.e2e-state/**',
      'public/**',
      'data/**',
      'src/platform/storage/migrations/**',
      'scripts/.*.mjs',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  {
    // jsx-a11y's own recommended rules for the React islands. eslint-plugin-astro's config above
    // already registers the plugin under the same name (as another object), and flat config
    // refuses to register a name twice, so only the rules and parser options are taken here.
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use (callbacks,
      // Hono handlers, Astro integration hooks).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/lib/**', 'src/schemas/**', 'src/*/rules/**'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: anywhere },
    rules: {
      // Runs anywhere (STYLE.md §2): no DOM and no Node globals. The TypeScript program includes
      // the DOM and Node types, so only this rule notices; tests/unit/architecture.test.ts
      // checks the imports.
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'history', 'HTMLElement', 'Element', 'Node'].map((name) => ({
          name,
          message: 'src/lib and src/schemas run anywhere: no DOM (browser code goes in src/browser or an island).',
        })),
        ...['process', 'Buffer', 'require', '__dirname', '__filename', 'global'].map((name) => ({
          name,
          message: 'src/lib and src/schemas run anywhere: no Node globals (take the value as a parameter).',
        })),
      ],
    },
  },
  {
    // zod's JIT calls `new Function`, which the site's CSP refuses in the browser: code a browser
    // bundle can reach takes `z` from src/lib/zod.ts, which turns the JIT off first.
    files: ['src/lib/**', 'src/browser/**', 'src/islands/**', 'src/stores/**', 'src/*/browser/**', 'src/*/rules/**', 'src/platform/client.ts'],
    ignores: ['src/lib/zod.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from src/lib/zod.ts: jitless, so the browser's CSP never sees zod's eval." }] },
      ],
    },
  },
  {
    files: ['src/config.ts'],
    languageOptions: { globals: anywhere },
  },
  {
    files: [
      'src/browser/**',
      'src/islands/**',
      'src/stores/**',
      'src/directives/**',
      'src/*/browser/**',
      // Astro's `<script>` blocks, which eslint-plugin-astro lints as virtual files.
      '**/*.astro/*.ts',
      '**/*.astro/*.js',
    ],
    languageOptions: { globals: { ...anywhere, ...globals.browser } },
  },
  {
    files: [
      '*.js',
      '*.mjs',
      '*.ts',
      'scripts/**',
      'tests/**',
      'src/platform/**',
      'src/*/server/**',
      'src/**/*.test.ts',
      'src/integrations/**',
      'src/loaders/**',
      'src/queries/**',
      'src/pages/**/*.ts',
      'netlify/functions/**',
      'netlify/plugins/**',
    ],
    languageOptions: { globals: { ...anywhere, ...globals.node } },
  },
  {
    // Playwright's page.evaluate callbacks run in the page (tests and the quality scripts that
    // drive a browser).
    files: ['tests/e2e/**', 'tests/hostile/**', 'tests/support/**', 'scripts/quality/**'],
    languageOptions: { globals: { ...anywhere, ...globals.node, ...globals.browser } },
  },
  {
    files: ['netlify/edge-functions/**'],
    languageOptions: { globals: { ...anywhere, ...globals.serviceworker, Deno: 'readonly', Netlify: 'readonly' } },
  },
);
