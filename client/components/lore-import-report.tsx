/**
 * The parts of a lorebook import's report (formats.md §5, "Imports past our limits") that both a
 * lorebook file import (features/lorebooks) and a card's embedded book (features/cards) show: every
 * entry that does not fit and why, what each choice gives, and the entries past a book's 100.
 */
import styled from 'styled-components';
import type { FitProblemSchema, LorebookImportReport } from '#shared/api/lorebooks';
import { lorebookLimits } from '#shared/rules/lorebook';
import type { z } from 'zod';

export type FitProblem = z.infer<typeof FitProblemSchema>;
type Fitted = LorebookImportReport['skip'];

export const entriesText = (n: number) => `${String(n)} ${n === 1 ? 'entry' : 'entries'}`;

/** What a choice gives: its entries, and those past the 100-entry limit that are left out. */
export function outcomeText(fitted: Fitted): string {
  const over =
    fitted.overLimit.length > 0
      ? ` (${String(fitted.overLimit.length)} past the ${String(lorebookLimits.entries.max)}-entry limit are left out, listed below)`
      : '';
  return `${entriesText(fitted.entries.length)}${over}`;
}

/** Whether fitting does anything the skip does not (some problem is split or trimmed). */
export function canFit(report: Pick<LorebookImportReport, 'problems'>): boolean {
  return report.problems.some((p) => p.fix !== 'skip');
}

/** What fitting does about a problem. */
const fixText: Record<FitProblem['fix'], string> = {
  skip: 'It is skipped.',
  split: 'Split: several entries with the same keywords.',
  trim: 'Split: the extra is dropped.',
};

export function ProblemList({
  problems,
  label,
}: {
  problems: readonly FitProblem[];
  label: string;
}) {
  return (
    <Problems aria-label={label}>
      {problems.map((p) => (
        <li key={`${p.path}:${p.message}`}>
          <strong>{p.entryName}</strong> — {p.path}: {p.message}. {fixText[p.fix]}
        </li>
      ))}
    </Problems>
  );
}

/**
 * The entries past a book's 100 that a choice leaves out, by name, with what to do about them
 * (formats.md §5, "Imports past our limits").
 */
export function OverLimit({ fitted }: { fitted: Fitted }) {
  if (fitted.overLimit.length === 0) return null;
  return (
    <>
      <p>
        A lorebook holds at most {lorebookLimits.entries.max} entries, so these are left out. To
        keep them, split the file into books of at most {lorebookLimits.entries.max} entries and
        import each one.
      </p>
      <Problems aria-label="Entries past the limit">
        {fitted.overLimit.map((o) => (
          <li key={`${o.path}:${o.entryName}`}>
            <strong>{o.entryName}</strong> — {o.path}: past the {lorebookLimits.entries.max}-entry
            limit.
          </li>
        ))}
      </Problems>
    </>
  );
}

const Problems = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  max-height: 240px;
  margin: ${({ theme }) => theme.space.md} 0;
  padding-left: ${({ theme }) => theme.space.lg};
  overflow-y: auto;
  overflow-wrap: anywhere;
`;
