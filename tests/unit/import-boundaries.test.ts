/**
 * The import boundaries of style.md ("Layout") are lint rules (eslint.config.js); each case here lints
 * one import that crosses a boundary, as a file in the folder it would live in, and expects the rule to
 * refuse it (and imports inside the rules to pass). The client's own cases are in
 * client/import-boundaries.test.ts.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  // Only the boundary rule runs, so no type information (and no file on disk) is needed.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? []).map((m) => m.message);
}

// The first lint loads the whole lint configuration: seconds on a busy machine.
describe('import boundaries', { timeout: 60_000 }, () => {
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
    ['scripts/bench/probe.ts', "import '../../tests/support/factories';"],
  ])('refuses in %s: %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ['workers/lib/probe.ts', "import '../../server/lib/reply-state';"],
    ['server/services/probe.ts', "import '../lib/reply-state';"],
    ['client/features/chat/probe.ts', "import '../../../shared/errors';"],
    ['scripts/bench/probe.ts', "import '../../testkit/processes';"],
  ])('allows in %s: %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
