/**
 * The editor's test box (issue 12 §5): a sample message is scanned with the book's rules, and each
 * entry says whether it fires and why: constant, the keyword that matched, or that it was left out
 * for the token budget or its 0 % probability, or that nothing matched (or its secondary keywords
 * ruled it out), and where it goes. Every probability roll is won here, so the result does not change
 * while typing; the text says how often such an entry goes in. Tokens are estimated as the chatbot
 * card counts them.
 */
import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { scanLorebook, type MatchedEntry, type ScanEntry } from '#shared/rules/lore-scan';
import { estimateTokens } from '#shared/rules/token-estimate';
import { Field, Label, TextArea } from '../../../components/form-controls';
import { logicLabels, placementLabels } from '../setting-labels';

/** Where a fired entry goes, and how often when it has a probability. */
function placedText(entry: ScanEntry): string {
  const where =
    entry.placement === 'at_depth'
      ? `in the chat, ${String(entry.depth)} messages from the end`
      : placementLabels[entry.placement].toLowerCase();
  const often = entry.probability < 100 ? `, in ${String(entry.probability)}% of prompts` : '';
  return `${where}${often}`;
}

/** Why an entry did not fire when nothing left it out. */
function notFiredText(entry: ScanEntry): string {
  if (entry.delayUntilRecursion) return 'fires only from other entries, never from the message';
  if (entry.secondaryKeywords.length === 0) return 'no keyword matched';
  return `no keyword matched, or its secondary keywords ruled it out (${logicLabels[entry.selectiveLogic]})`;
}

const winEveryRoll = () => 0;

export function TestBox({
  entries,
  tokenBudget,
  recursiveScanning,
}: {
  entries: readonly ScanEntry[];
  tokenBudget: number;
  recursiveScanning: boolean;
}) {
  const id = useId();
  const [sample, setSample] = useState('');
  const result = useMemo(
    () =>
      scanLorebook(
        { scanDepth: 1, tokenBudget, recursiveScanning, entries },
        [sample],
        estimateTokens,
        { random: winEveryRoll },
      ),
    [entries, sample, tokenBudget, recursiveScanning],
  );
  const fired = new Map(result.fired.map((m) => [m.entry.id, m]));
  const over = new Map(result.leftOutForBudget.map((m) => [m.entry.id, m]));
  const byChance = new Set(result.leftOutByChance.map((m) => m.entry.id));
  return (
    <Box aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Test keywords</h2>
      <Field>
        <Label htmlFor={`${id}-sample`}>Sample message</Label>
        <TextArea
          id={`${id}-sample`}
          rows={3}
          value={sample}
          placeholder="Type a message to see which entries fire"
          onChange={(e) => {
            setSample(e.target.value);
          }}
        />
      </Field>
      {sample.trim() !== '' && (
        <Results aria-label="Test results" aria-live="polite">
          {entries.map((entry) => {
            const hit = fired.get(entry.id);
            const out = over.get(entry.id);
            const why = (m: MatchedEntry) =>
              m.keyword === null ? 'constant' : `keyword “${m.keyword}” matched`;
            const text = !entry.enabled
              ? 'disabled, never fires'
              : hit
                ? `fires: ${why(hit)} (${hit.tokens} tokens), ${placedText(entry)}`
                : out
                  ? `left out for budget: ${why(out)}, but ${out.tokens} tokens do not fit the ${tokenBudget}-token budget`
                  : byChance.has(entry.id)
                    ? 'matched, but its probability is 0%, so it never goes in'
                    : notFiredText(entry);
            return (
              <Result key={entry.id} $tone={hit ? 'good' : out ? 'warn' : 'none'}>
                <strong>{entry.name}</strong> — {text}
              </Result>
            );
          })}
        </Results>
      )}
    </Box>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Results = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Result = styled.li<{ $tone: 'good' | 'warn' | 'none' }>`
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $tone }) =>
    $tone === 'good' ? theme.color.chip : $tone === 'warn' ? theme.color.dangerSurface : 'none'};
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.color.onChip : theme.color.text)};
  overflow-wrap: anywhere;
`;
