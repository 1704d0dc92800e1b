/**
 * The import boundaries of style.md ("Layout") are lint rules (eslint.config.js `zones`, read through ESLint); each case
 * here lints one import that crosses a boundary, as a file in the folder it would live in, and
 * expects the rule to refuse it (and one import inside the rules to pass).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The zones of the project's own lint configuration, as ESLint resolves it. */
const restrictedPaths = z.object({
  rules: z.object({
    'import-x/no-restricted-paths': z.tuple([
      z.unknown(),
      z.object({ zones: z.array(z.unknown()) }),
    ]),
  }),
});
const projectConfig: unknown = await new ESLint({ cwd: root }).calculateConfigForFile(
  path.join(root, 'server/lib/probe.ts'),
);
const { zones } = restrictedPaths.parse(projectConfig).rules['import-x/no-restricted-paths'][1];

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') }),
        ],
      },
      rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
    },
  ],
});

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, {
    filePath: path.join(root, file),
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['shared/rules/probe.ts', "import '../../server/config';"],
    ['client/lib/probe.ts', "import '../../server/config';"],
    ['client/lib/probe.ts', "import '../../shared/jobs/generation';"],
    ['server/lib/probe.ts', "import '../services/chat.service';"],
    ['server/db/probe.ts', "import '../routes/index';"],
    ['server/lib/probe.ts', "import '../realtime/rooms';"],
    ['server/services/probe.ts', "import '../../workers/main';"],
    ['workers/lib/probe.ts', "import '../../server/services/chat.service';"],
    ['workers/lib/probe.ts', "import '../../server/routes/index';"],
    ['migrations/probe.ts', "import '../server/config';"],
    ['migrations/probe.ts', "import '../shared/errors';"],
    ['client/features/chat/probe.ts', "import '../library/api';"],
  ])('refuses in %s: %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ['workers/lib/probe.ts', "import '../../server/lib/reply-state';"],
    ['server/services/probe.ts', "import '../lib/reply-state';"],
    ['client/features/chat/probe.ts', "import '../../../shared/errors';"],
  ])('allows in %s: %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
