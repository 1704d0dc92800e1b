// Lint rules from docs/style.md: strict type-checked TypeScript, promise safety, import boundaries.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A feature never imports another feature: pages in client/app/routes compose them. */
const features = readdirSync('client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import boundaries (style.md, "Layout"): who may import whom. tests/unit/import-boundaries.test.ts and tests/unit/client/import-boundaries.test.ts try each. */
const zones = [
  ...features.map((feature) => ({
    target: `./client/features/${feature}`,
    from: './client/features',
    except: [`./${feature}`],
    message: 'Features do not import other features; compose them in client/app/routes.',
  })),
  {
    target: './client/features',
    from: './client/app',
    message:
      'Features do not import the shell (client/app); route builders live in client/lib/paths.ts.',
  },
  {
    target: ['./client/components', './client/lib', './client/styles'],
    from: ['./client/features', './client/app'],
    message: 'components/, lib/ and styles/ are below features and the shell: they import neither.',
  },
  {
    target: './shared',
    from: ['./client', './server', './workers', './scripts', './tests', './testkit'],
    message: 'shared/ imports nothing of ours.',
  },
  {
    target: './client',
    from: ['./server', './workers', './scripts', './tests', './testkit', './shared/jobs'],
    message: 'client/ imports only shared/ (never shared/jobs).',
  },
  {
    target: './server',
    from: ['./workers', './client', './scripts', './tests', './testkit'],
    message: 'server/ does not import workers, client, scripts or tests.',
  },
  {
    target: ['./server/lib', './server/db'],
    from: [
      './server/services',
      './server/routes',
      './server/realtime',
      './server/plugins',
      './server/app.ts',
    ],
    message:
      'server/lib and server/db are below the services: they import no services, routes or realtime.',
  },
  {
    target: './migrations',
    from: ['./client', './server', './workers', './shared', './scripts', './tests', './testkit'],
    message:
      'Migrations are frozen: they import nothing of ours (style.md, "Do this, not that" 5).',
  },
  {
    target: './workers',
    from: [
      './client',
      './scripts',
      './tests',
      './testkit',
      './server/routes',
      './server/realtime',
      './server/plugins',
      './server/services',
      './server/app.ts',
    ],
    message: 'workers/ may import only server/config.ts, server/db and server/lib.',
  },
  {
    target: './scripts',
    from: './tests',
    message: 'scripts/ may not import tests/: what both need (local peers, processes) is testkit/.',
  },
  {
    target: './testkit',
    from: ['./client', './scripts', './tests'],
    message: 'testkit/ is shared by tests and scripts, so it imports neither.',
  },
];

const browserStorageGlobals = ['localStorage', 'sessionStorage'].map((name) => ({
  name,
  message: 'Only client/lib/browser-storage.ts touches browser storage; call it instead.',
}));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/'] },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    // One typed enqueue (server/lib/queues.ts): no other module constructs a Queue to add to it.
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'workers/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/lib/queues.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'bullmq',
              importNames: ['Queue'],
              allowTypeImports: true,
              message:
                'Add jobs with enqueue() from server/lib/queues.ts, which opens every queue.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-console': 'error',
      // Browser state has one owner (style.md "Ownership"): keys, versions and errors live there.
      'no-restricted-globals': ['error', ...browserStorageGlobals],
      'no-restricted-properties': [
        'error',
        ...browserStorageGlobals.flatMap(({ name, message }) =>
          ['window', 'globalThis', 'self'].map((object) => ({ object, property: name, message })),
        ),
      ],
    },
  },
  {
    files: ['client/lib/browser-storage.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    // Migrations are frozen against Kysely<any> so later code changes never alter them (style.md).
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
