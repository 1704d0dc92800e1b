/**
 * One lorebook entry's form (product-rules.md §5 "Lorebook", entry): name 3-50, keywords 1-12 of at
 * most 100 characters (comma separated), content 3-1000, with priority, insertion order and enabled.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { LorebookEntryInputSchema, type LorebookEntryInput } from '#shared/api/lorebooks';
import type { LorebookEntryFields } from '#shared/schemas/lorebook';
import { lorebookLimits, parseKeywords } from '#shared/rules/lorebook';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import {
  Field,
  FieldError,
  FieldNote,
  Label,
  TextArea,
  errorProps,
} from '../../../components/form-controls';
import { TextField } from '../../../components/text-field';
import { fieldErrors } from '../form-errors';

export type EntryValues = LorebookEntryFields;

export const emptyEntry: EntryValues = {
  name: '',
  keywords: [],
  content: '',
  priority: 100,
  insertionOrder: 100,
  enabled: true,
};

export function EntryForm({
  initial,
  isBusy,
  onSave,
  onCancel,
}: {
  initial: EntryValues;
  isBusy: boolean;
  onSave: (entry: LorebookEntryInput) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [keywords, setKeywords] = useState(initial.keywords.join(', '));
  const [content, setContent] = useState(initial.content);
  const [priority, setPriority] = useState(String(initial.priority));
  const [insertionOrder, setInsertionOrder] = useState(String(initial.insertionOrder));
  const [enabled, setEnabled] = useState(initial.enabled);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = () => {
    const result = LorebookEntryInputSchema.safeParse({
      name,
      keywords: parseKeywords(keywords),
      content,
      priority: Number(priority),
      insertionOrder: Number(insertionOrder),
      enabled,
    });
    if (!result.success) {
      setErrors(fieldErrors(result.error));
      return;
    }
    setErrors({});
    onSave(result.data);
  };

  const contentId = `${id}-content`;
  return (
    <Panel
      aria-label={initial.name === '' ? 'New entry' : `Edit entry ${initial.name}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <TextField
        label="Entry name"
        value={name}
        maxLength={lorebookLimits.entryName.max}
        autoComplete="off"
        error={errors.name ?? null}
        onChange={(e) => {
          setName(e.target.value);
        }}
      />
      <TextField
        label="Keywords"
        note={`Comma separated, up to ${lorebookLimits.keywords.max}. Matched as whole words, ignoring case.`}
        value={keywords}
        autoComplete="off"
        error={errors.keywords ?? null}
        onChange={(e) => {
          setKeywords(e.target.value);
        }}
      />
      <Field>
        <Label htmlFor={contentId}>Content</Label>
        <TextArea
          id={contentId}
          rows={5}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
          }}
          {...errorProps(`${contentId}-error`, errors.content)}
        />
        <FieldNote aria-hidden="true">
          {Array.from(content).length} / {lorebookLimits.content.max}
        </FieldNote>
        {errors.content !== undefined && (
          <FieldError id={`${contentId}-error`} role="alert">
            {errors.content}
          </FieldError>
        )}
      </Field>
      <Row>
        <TextField
          label="Priority"
          type="number"
          inputMode="numeric"
          value={priority}
          note="Higher is kept first within the budget."
          error={errors.priority ?? null}
          onChange={(e) => {
            setPriority(e.target.value);
          }}
        />
        <TextField
          label="Insertion order"
          type="number"
          inputMode="numeric"
          value={insertionOrder}
          note="Lower goes earlier in the prompt."
          error={errors.insertionOrder ?? null}
          onChange={(e) => {
            setInsertionOrder(e.target.value);
          }}
        />
      </Row>
      <CheckboxField label="Enabled" checked={enabled} onChange={setEnabled} />
      <Buttons>
        <Button onClick={onCancel}>Cancel</Button>
        <Button $variant="primary" disabled={isBusy} aria-busy={isBusy} onClick={save}>
          Save Entry
        </Button>
      </Buttons>
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
