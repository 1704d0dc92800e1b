/**
 * The first step of /lorebook/create (product-rules.md §6 "Lorebook list import"): Start New, or Import
 * JSON. An imported file is read by the server, which answers what fits; when some entries do not,
 * the report lists each one and why before anything is written, and the user skips them or splits
 * long ones. The chosen entries then fill the form, which saves the book.
 */
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { FitProblemSchema, lorebookFileMaxBytes } from '#shared/api/lorebooks';
import { Button } from '../../../components/button';
import { FieldError } from '../../../components/form-controls';
import {
  OverLimit,
  ProblemList,
  canFit,
  entriesText,
  outcomeText,
  type FitProblem,
} from '../../../components/lore-import-report';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import { readImport, type ImportReport } from '../api';
import type { LorebookSeed } from './lorebook-editor';

export const invalidFileText = 'Invalid JSON file. Please upload a valid lorebook export.';
export const importFailedText = 'Failed to import lorebook.';

/** A refused file: what is wrong with it, and every entry's reason when the server gave them. */
interface ImportFailure {
  title: string;
  detail: string | null;
  problems: FitProblem[];
}

const ProblemsSchema = z.array(FitProblemSchema);

function failureOf(err: unknown): ImportFailure {
  const apiError = toApiError(err);
  if (apiError.code === 'validation_failed') {
    return { title: invalidFileText, detail: apiError.message, problems: [] };
  }
  if (apiError.code !== 'lorebook_import_invalid') {
    return { title: importFailedText, detail: null, problems: [] };
  }
  const problems = ProblemsSchema.safeParse(apiError.details?.problems);
  return {
    title: apiError.message,
    detail: null,
    problems: problems.success ? problems.data : [],
  };
}

function seedOf(report: ImportReport, choice: 'skip' | 'split'): LorebookSeed {
  return {
    name: report.name,
    description: report.description,
    scanDepth: report.scanDepth,
    tokenBudget: report.tokenBudget,
    recursiveScanning: report.recursiveScanning,
    tags: report.tags,
    entries: report[choice].entries,
  };
}

export function LorebookStart({ onStart }: { onStart: (seed: LorebookSeed | null) => void }) {
  const { api } = useServices();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<ImportFailure | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const read = async (file: File) => {
    setError(null);
    if (file.size > lorebookFileMaxBytes) {
      setError({ title: invalidFileText, detail: 'The file is larger than 900 KB.', problems: [] });
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch (err) {
      setError({
        title: invalidFileText,
        detail: err instanceof Error ? err.message : null,
        problems: [],
      });
      return;
    }
    setIsBusy(true);
    try {
      const answer = await readImport(api, data, file.name);
      // Entries that break a limit, or past the 100-entry limit, are shown before the form is filled.
      if (answer.problems.length === 0 && answer.skip.overLimit.length === 0) {
        onStart(seedOf(answer, 'skip'));
      } else setReport(answer);
    } catch (err) {
      setError(failureOf(err));
    } finally {
      setIsBusy(false);
    }
  };

  const canSplit = report !== null && canFit(report);
  return (
    <Choice>
      <Option>
        <h2>Start New</h2>
        <Blurb>Write a lorebook entry by entry.</Blurb>
        <Button
          $variant="primary"
          onClick={() => {
            onStart(null);
          }}
        >
          Start New
        </Button>
      </Option>
      <Option>
        <h2>Import JSON</h2>
        <Blurb>
          A lorebook export, a SillyTavern world file, or a character card with a lorebook.
        </Blurb>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          aria-label="Lorebook JSON file"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void read(file);
          }}
        />
        <Button
          disabled={isBusy}
          aria-busy={isBusy}
          onClick={() => {
            inputRef.current?.click();
          }}
        >
          {isBusy ? 'Reading…' : 'Import JSON'}
        </Button>
        {error !== null && (
          <FieldError role="alert">
            {error.title}
            {error.detail !== null && <Detail>{error.detail}</Detail>}
          </FieldError>
        )}
        {error !== null && error.problems.length > 0 && (
          <ProblemList problems={error.problems} label="Why each entry does not fit" />
        )}
      </Option>
      {report !== null && (
        <Modal
          title="Some entries do not fit"
          onClose={() => {
            setReport(null);
          }}
          actions={
            <>
              <Button
                onClick={() => {
                  setReport(null);
                }}
              >
                Cancel
              </Button>
              <Button
                onClick={() => {
                  onStart(seedOf(report, 'skip'));
                }}
              >
                Skip them
              </Button>
              {canSplit && (
                <Button
                  $variant="primary"
                  onClick={() => {
                    onStart(seedOf(report, 'split'));
                  }}
                >
                  Split long entries
                </Button>
              )}
            </>
          }
        >
          <p>
            {entriesText(report.total)} read. Nothing is saved until you choose and then save the
            form.
          </p>
          {report.problems.length > 0 && (
            <ProblemList problems={report.problems} label="Entries that do not fit" />
          )}
          <p>
            Skipping gives {outcomeText(report.skip)}
            {canSplit && `; splitting gives ${outcomeText(report.split)}`}.
          </p>
          <OverLimit fitted={canSplit ? report.split : report.skip} />
        </Modal>
      )}
    </Choice>
  );
}

const Choice = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const Option = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

/** An option's description, muted; the import's error below it keeps its own colour. */
const Blurb = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Detail = styled.span`
  display: block;
`;
