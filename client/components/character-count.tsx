/**
 * The character counter under a capped field (issue 28 §6): a field that stops at its limit says so
 * before it does. The visible 'typed / limit' is the field's accessible description (give its id to
 * the field's aria-describedby), read as "12 of 20 characters" when the field is focused; near the
 * limit a polite live line says how many are left, so a screen reader hears it without leaving the
 * field, and nothing is announced on every keystroke before that.
 */
import styled from 'styled-components';
import { VisuallyHidden } from './visually-hidden';

/** Announced from this many characters left (or a tenth of the limit, if less). */
const nearLimit = 10;

export function characterCountText(typed: number, max: number): string | null {
  const left = max - typed;
  if (left > Math.min(nearLimit, Math.ceil(max / 10))) return null;
  if (left <= 0) return `Limit reached: ${String(max)} characters`;
  return `${String(left)} ${left === 1 ? 'character' : 'characters'} left`;
}

export function CharacterCount({ id, typed, max }: { id: string; typed: number; max: number }) {
  const isAtLimit = typed >= max;
  return (
    <Row>
      <Counter id={id} $isAtLimit={isAtLimit}>
        <span aria-hidden="true">
          {typed} / {max}
        </span>
        <VisuallyHidden>
          {typed} of {max} characters
        </VisuallyHidden>
      </Counter>
      <VisuallyHidden role="status">{characterCountText(typed, max) ?? ''}</VisuallyHidden>
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const Counter = styled.p<{ $isAtLimit: boolean }>`
  color: ${({ theme, $isAtLimit }) => ($isAtLimit ? theme.color.danger : theme.color.textMuted)};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-variant-numeric: tabular-nums;
`;

/** A field's aria-describedby: its counter and its error, whichever it has. */
export function describedBy(...ids: (string | null | undefined | false)[]): string | undefined {
  const named = ids.filter((v): v is string => typeof v === 'string' && v !== '');
  return named.length === 0 ? undefined : named.join(' ');
}
