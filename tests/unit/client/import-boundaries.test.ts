/**
 * The client's import boundaries (docs/style.md, "Layout") are lint rules; these cases prove each rule
 * rejects an import across its boundary and lets the allowed direction through.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  // Only the boundary rule runs, so no type information (and no file on disk) is needed.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

/** The boundary messages ESLint reports for `source` linted as if it were at `filePath`. */
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).map((m) => m.message);
}

const importing = (from: string, name: string) =>
  `import { ${name} } from '${from}';\nexport const probe = ${name};\n`;

// The first lint loads the whole lint configuration: seconds on a busy machine.
describe('client import boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing the shell', async () => {
    const errors = await boundaryErrors(
      'client/features/library/probe.ts',
      importing('../../app/router', 'AppRouter'),
    );
    expect(errors).toEqual([expect.stringContaining('Features do not import the shell')]);
  });

  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'client/features/library/probe.ts',
      importing('../chat/events', 'applyMessageCreated'),
    );
    expect(errors).toEqual([expect.stringContaining('Features do not import other features')]);
  });

  it.each([
    ['client/components/probe.tsx', '../features/library/components/library-view', 'LibraryView'],
    ['client/lib/probe.ts', '../features/library/components/library-view', 'LibraryView'],
    ['client/styles/probe.ts', '../features/library/components/library-view', 'LibraryView'],
    ['client/components/probe.tsx', '../app/router', 'AppRouter'],
    ['client/lib/probe.ts', '../app/router', 'AppRouter'],
    ['client/styles/probe.ts', '../app/router', 'AppRouter'],
  ])('refuses %s importing %s', async (file, from, name) => {
    const errors = await boundaryErrors(file, importing(from, name));
    expect(errors).toEqual([expect.stringContaining('components/, lib/ and styles/')]);
  });

  it('lets features and the shell import lib, components and their own files', async () => {
    expect(
      await boundaryErrors(
        'client/features/library/probe.ts',
        importing('../../lib/paths', 'paths'),
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'client/features/library/probe.ts',
        importing('./components/library-view', 'LibraryView'),
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'client/app/probe.tsx',
        importing('../features/library/components/library-view', 'LibraryView'),
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('client/components/probe.tsx', importing('../styles/theme', 'themes')),
    ).toEqual([]);
  });
});
