/**
 * Tags as chips (the chatbot editor and the group form): type a tag and press Enter (or Add), remove
 * one with its button; the note under the label says what tags are for and their limits. The special
 * tags (NSFW, Step-Family) are switches of their own, since they change what the chatbot is.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { characterLimits, TagNameSchema } from '#shared/rules/character';
import { Button } from './button';
import { Field, FieldError, FieldNote, Input, Label } from './form-controls';

const special: ReadonlySet<string> = new Set(['NSFW', 'Step-Family']);

export function TagField({
  tags,
  disabled,
  error,
  onChange,
  subject = 'chatbot',
}: {
  tags: readonly string[];
  disabled: boolean;
  error: string | undefined;
  onChange: (tags: string[]) => void;
  /** What the tags are on, for the note: 'public groups need at least 1'. */
  subject?: 'chatbot' | 'group';
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const plain = tags.filter((t) => !special.has(t));

  const add = () => {
    const parsed = TagNameSchema.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'This tag cannot be used');
      return;
    }
    const tag = parsed.data;
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      setProblem('Each tag only once');
      return;
    }
    if (tags.length >= characterLimits.tags.max) {
      setProblem('Tag limit reached');
      return;
    }
    setProblem(null);
    setDraft('');
    onChange([...tags, tag]);
  };

  const shown = problem ?? error ?? null;
  return (
    <Field>
      <Label htmlFor={`${id}-input`}>Tags</Label>
      <FieldNote id={`${id}-note`}>
        Tags help people find your {subject} in the library. Up to {characterLimits.tags.max} tags;
        public {subject}s need at least {characterLimits.tags.publicMin}.
      </FieldNote>
      <Row>
        <Input
          id={`${id}-input`}
          value={draft}
          disabled={disabled}
          maxLength={characterLimits.tags.nameMax}
          placeholder="e.g. Fantasy"
          aria-describedby={shown === null ? `${id}-note` : `${id}-error`}
          aria-invalid={shown === null ? undefined : true}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button disabled={disabled || draft.trim() === ''} onClick={add}>
          Add
        </Button>
      </Row>
      {plain.length > 0 && (
        <Chips aria-label="Chosen tags">
          {plain.map((tag) => (
            <Chip key={tag}>
              <span>{tag}</span>
              <RemoveButton
                type="button"
                disabled={disabled}
                aria-label={`Remove tag ${tag}`}
                onClick={() => {
                  onChange(tags.filter((t) => t !== tag));
                }}
              >
                ×
              </RemoveButton>
            </Chip>
          ))}
        </Chips>
      )}
      {shown !== null && (
        <FieldError id={`${id}-error`} role="alert">
          {shown}
        </FieldError>
      )}
    </Field>
  );
}

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.xs}
    ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const RemoveButton = styled.button`
  min-width: 24px;
  min-height: 24px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: inherit;
  font-size: ${({ theme }) => theme.font.size.md};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;
