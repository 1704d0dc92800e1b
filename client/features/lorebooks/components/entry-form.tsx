/**
 * One lorebook entry's form (product-rules.md §5 "Lorebook", entry): name 3-50, keywords 1-12 of at
 * most 100 characters (comma separated; none needed for a constant entry), content 3-1000, priority
 * and insertion order; under "More settings" the rest of what scanning reads (shared/rules/lore-scan.ts).
 * The extensions an import kept go back unchanged. What is typed is the editor's as it is typed
 * (`onDraftChange`: the keyword test reads the entry being edited), and the editor may check and take
 * the open entry itself (`ref.check()`: Create Lorebook counts an entry nobody saved yet).
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import styled from 'styled-components';
import { LorebookEntryInputSchema } from '#shared/api/lorebooks';
import {
  entryPlacements,
  selectiveLogics,
  type LorebookEntryFields,
} from '#shared/schemas/lorebook';
import { defaultEntrySettings, lorebookLimits, parseKeywords } from '#shared/rules/lorebook';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { Field, Label, Select } from '../../../components/form-controls';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { fieldErrors } from '../form-errors';
import { logicLabels, placementLabels } from '../setting-labels';

export type EntryValues = LorebookEntryFields;

export const emptyEntry: EntryValues = {
  name: '',
  keywords: [],
  content: '',
  ...defaultEntrySettings(),
};

/** The on/off settings, each with its label. */
const switches = [
  ['enabled', 'Enabled'],
  ['constant', 'Constant: always in the prompt, keywords optional'],
  ['caseSensitive', 'Case sensitive'],
  ['matchWholeWords', 'Match whole words (off: also inside words)'],
  ['excludeRecursion', 'Other entries cannot trigger it'],
  ['preventRecursion', 'Does not trigger other entries'],
  ['delayUntilRecursion', 'Only other entries trigger it'],
] as const satisfies readonly (readonly [keyof EntryValues, string])[];

type Switch = (typeof switches)[number][0];

/** What the editor may ask of the open entry form. */
export interface EntryFormHandle {
  /** The entry as typed, checked: its values, or null with its errors shown in the form. */
  check: () => EntryValues | null;
}

/** A number field's value, or the entry's default while it is empty or not a number. */
function numberOr(text: string, fallback: number): number {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? fallback : value;
}

export function EntryForm({
  initial,
  isBusy,
  onSave,
  onCancel,
  onDraftChange,
  ref,
}: {
  initial: EntryValues;
  isBusy: boolean;
  onSave: (entry: EntryValues) => void;
  onCancel: () => void;
  /** The entry as typed so far, unchecked, on every change (for the keyword test). */
  onDraftChange?: (entry: EntryValues) => void;
  ref?: Ref<EntryFormHandle>;
}) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [keywords, setKeywords] = useState(initial.keywords.join(', '));
  const [secondary, setSecondary] = useState(initial.secondaryKeywords.join(', '));
  const [content, setContent] = useState(initial.content);
  const [numbers, setNumbers] = useState({
    priority: String(initial.priority),
    insertionOrder: String(initial.insertionOrder),
    probability: String(initial.probability),
    depth: String(initial.depth),
  });
  const [flags, setFlags] = useState<Pick<EntryValues, Switch>>({
    enabled: initial.enabled,
    constant: initial.constant,
    caseSensitive: initial.caseSensitive,
    matchWholeWords: initial.matchWholeWords,
    excludeRecursion: initial.excludeRecursion,
    preventRecursion: initial.preventRecursion,
    delayUntilRecursion: initial.delayUntilRecursion,
  });
  const [selectiveLogic, setSelectiveLogic] = useState(initial.selectiveLogic);
  const [placement, setPlacement] = useState(initial.placement);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A field's message goes once the field is edited, as the book's fields' do. */
  const clearError = (field: string) => {
    setErrors((current) =>
      field in current
        ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== field))
        : current,
    );
  };

  const draft: EntryValues = {
    ...flags,
    name,
    keywords: parseKeywords(keywords),
    secondaryKeywords: parseKeywords(secondary),
    selectiveLogic,
    content,
    priority: numberOr(numbers.priority, initial.priority),
    insertionOrder: numberOr(numbers.insertionOrder, initial.insertionOrder),
    probability: numberOr(numbers.probability, initial.probability),
    placement,
    depth: numberOr(numbers.depth, initial.depth),
    extensions: initial.extensions,
  };

  const check = (): EntryValues | null => {
    const result = LorebookEntryInputSchema.safeParse({
      ...draft,
      priority: Number(numbers.priority),
      insertionOrder: Number(numbers.insertionOrder),
      probability: Number(numbers.probability),
      depth: Number(numbers.depth),
    });
    if (!result.success) {
      setErrors(fieldErrors(result.error));
      return null;
    }
    setErrors({});
    return result.data;
  };
  useImperativeHandle(ref, () => ({ check }));

  const save = () => {
    const checked = check();
    if (checked !== null) onSave(checked);
  };

  // The editor hears the entry as typed; the key keeps it from hearing an unchanged one again.
  const draftKey = JSON.stringify(draft);
  const latest = useRef({ draft, onDraftChange });
  useEffect(() => {
    latest.current = { draft, onDraftChange };
  });
  useEffect(() => {
    latest.current.onDraftChange?.(latest.current.draft);
  }, [draftKey]);

  const numberField = (key: keyof typeof numbers, label: string, note: string) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      value={numbers[key]}
      note={note}
      error={errors[key] ?? null}
      onChange={(e) => {
        setNumbers({ ...numbers, [key]: e.target.value });
      }}
    />
  );

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
        hasCounter
        autoComplete="off"
        error={errors.name ?? null}
        onChange={(e) => {
          setName(e.target.value);
          clearError('name');
        }}
      />
      <TextField
        label="Keywords"
        note={`Comma separated, up to ${lorebookLimits.keywords.max}. Any one of them said in the recent messages fires the entry.`}
        value={keywords}
        autoComplete="off"
        error={errors.keywords ?? null}
        onChange={(e) => {
          setKeywords(e.target.value);
          clearError('keywords');
        }}
      />
      <TextAreaField
        label="Content"
        rows={5}
        value={content}
        maxLength={lorebookLimits.content.max}
        hasCounter
        error={errors.content ?? null}
        onChange={(e) => {
          setContent(e.target.value);
          clearError('content');
        }}
      />
      <Row>
        {numberField('priority', 'Priority', 'Higher is kept first within the budget.')}
        {numberField('insertionOrder', 'Insertion order', 'Lower goes earlier in the prompt.')}
      </Row>
      <More>
        <summary>More settings</summary>
        <MoreFields>
          {switches.map(([key, label]) => (
            <CheckboxField
              key={key}
              label={label}
              checked={flags[key]}
              onChange={(checked) => {
                setFlags({ ...flags, [key]: checked });
              }}
            />
          ))}
          <TextField
            label="Secondary keywords"
            note="Comma separated. Checked once a keyword matched, by the logic below; leave empty for none."
            value={secondary}
            autoComplete="off"
            error={errors.secondaryKeywords ?? null}
            onChange={(e) => {
              setSecondary(e.target.value);
              clearError('secondaryKeywords');
            }}
          />
          <Field>
            <Label htmlFor={`${id}-logic`}>Secondary keyword logic</Label>
            <Select
              id={`${id}-logic`}
              value={selectiveLogic}
              onChange={(e) => {
                setSelectiveLogic(
                  selectiveLogics.find((l) => l === e.target.value) ?? selectiveLogic,
                );
              }}
            >
              {selectiveLogics.map((logic) => (
                <option key={logic} value={logic}>
                  {logicLabels[logic]}
                </option>
              ))}
            </Select>
          </Field>
          <Field>
            <Label htmlFor={`${id}-placement`}>Placement</Label>
            <Select
              id={`${id}-placement`}
              value={placement}
              onChange={(e) => {
                setPlacement(entryPlacements.find((p) => p === e.target.value) ?? placement);
              }}
            >
              {entryPlacements.map((p) => (
                <option key={p} value={p}>
                  {placementLabels[p]}
                </option>
              ))}
            </Select>
          </Field>
          <Row>
            {placement === 'at_depth' &&
              numberField(
                'depth',
                'Depth',
                'Messages from the end of the chat (0: after the last).',
              )}
            {numberField('probability', 'Probability (%)', 'The chance it goes in when it fires.')}
          </Row>
        </MoreFields>
      </More>
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

const More = styled.details`
  summary {
    cursor: pointer;
    font-weight: 600;
  }
`;

const MoreFields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.md};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
