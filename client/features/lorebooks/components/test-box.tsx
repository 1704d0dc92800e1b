/**
 * The editor's test box (issue 12 §5): a sample message is scanned with the book's rules, and each
 * entry says whether it fires and why: the keyword that matched, or that it was left out for the
 * token budget, or that nothing matched. Tokens are estimated as the chatbot card counts them.
 */
import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { scanLorebook, type ScanEntry } from '#shared/rules/lore-scan';
import { estimateTokens } from '#shared/rules/token-estimate';
import { Field, Label, TextArea } from '../../../components/form-controls';

export function TestBox({
  entries,
  tokenBudget,
}: {
  entries: readonly ScanEntry[];
  tokenBudget: number;
}) {
  const id = useId();
  const [sample, setSample] = useState('');
  const result = useMemo(
    () => scanLorebook({ scanDepth: 1, tokenBudget, entries }, [sample], estimateTokens),
    [entries, sample, tokenBudget],
  );
  const fired = new Map(result.fired.map((m) => [m.entry.id, m]));
  const over = new Map(result.leftOutForBudget.map((m) => [m.entry.id, m]));
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
            const text = !entry.enabled
              ? 'disabled, never fires'
              : hit
                ? `fires: keyword “${hit.keyword}” matched (${hit.tokens} tokens)`
                : out
                  ? `left out for budget: keyword “${out.keyword}” matched, but ${out.tokens} tokens do not fit the ${tokenBudget}-token budget`
                  : 'no keyword matched';
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
