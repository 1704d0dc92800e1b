/**
 * The lorebook editor (product-rules.md "/lorebook/create", "/lorebook/edit/{id}", §5 "Lorebook", §7
 * toasts, §8 constants): avatar, name, description, tags (at least 2), scanning settings, guidelines on
 * create; the entries ('/100 entries', a list at most 330 px high, Add, Edit, Delete only while more
 * than one exists) and the keyword test box. Creating saves the book with its entries at once, the
 * entry still open in its form among them once it passes its checks (issue 28 §7); on an existing
 * book each entry change is saved as it is made. The test box reads the open entry as it is typed.
 */
import { useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { LorebookCreateInputSchema, LorebookInputSchema } from '#shared/api/lorebooks';
import { exportLorebook } from '#shared/cards/lorebook-export';
import { lorebookLimits } from '#shared/rules/lorebook';
import { LorebookEntryFieldsSchema, type Lorebook } from '#shared/schemas/lorebook';
import { AvatarField } from '../../../components/avatar-field';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldError, FieldNote } from '../../../components/form-controls';
import { GuidelinesAgreement } from '../../../components/guidelines-agreement';
import { TextField } from '../../../components/text-field';
import { useRevealFirstError } from '../../../components/use-reveal-first-error';
import { toApiError } from '../../../lib/api-client';
import { errorText, formErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { saveFile } from '../../../lib/save-file';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { addEntry, createBook, removeEntry, saveEntry, updateBook, uploadAvatar } from '../api';
import { fieldErrors } from '../form-errors';
import { EntryForm, emptyEntry, type EntryFormHandle, type EntryValues } from './entry-form';
import { TestBox } from './test-box';

/** What an import fills the form with. */
export interface LorebookSeed {
  name: string;
  description: string;
  scanDepth: number;
  tokenBudget: number;
  recursiveScanning: boolean;
  tags: string[];
  entries: EntryValues[];
}

type LocalEntry = EntryValues & { id: string };

let localIds = 0;
const localId = () => `local-${String(++localIds)}`;

/** Tags as the field takes them: comma separated, trimmed, empty ones dropped. */
const parseTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

export function downloadLorebook(book: Lorebook): void {
  const json = JSON.stringify(exportLorebook(book), null, 2);
  const name = book.name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'lorebook';
  saveFile(new Blob([json], { type: 'application/json' }), `${name}.json`);
}

export function LorebookEditor({
  book,
  seed,
}: {
  book: Lorebook | null;
  seed: LorebookSeed | null;
}) {
  const { api } = useServices();
  const toast = useToast();
  const [, navigate] = useLocation();
  const id = useId();
  const [avatarUrl, setAvatarUrl] = useState<string | null>(book?.avatarUrl ?? null);
  const [name, setName] = useState(book?.name ?? seed?.name ?? '');
  const [description, setDescription] = useState(book?.description ?? seed?.description ?? '');
  const [tags, setTags] = useState((book?.tags ?? seed?.tags ?? []).join(', '));
  const [scanDepth, setScanDepth] = useState(
    String(book?.scanDepth ?? seed?.scanDepth ?? lorebookLimits.scanDepth.default),
  );
  const [tokenBudget, setTokenBudget] = useState(
    String(book?.tokenBudget ?? seed?.tokenBudget ?? lorebookLimits.tokenBudget.default),
  );
  const [recursiveScanning, setRecursiveScanning] = useState(
    book?.recursiveScanning ?? seed?.recursiveScanning ?? false,
  );
  const [guidelines, setGuidelines] = useState(false);
  const [entries, setEntries] = useState<LocalEntry[]>(
    () => book?.entries ?? (seed?.entries ?? []).map((e) => ({ ...e, id: localId() })),
  );
  const [editing, setEditingState] = useState<LocalEntry | 'new' | null>(null);
  /** The open entry as typed so far (null while none is open). */
  const [draft, setDraft] = useState<EntryValues | null>(null);
  const entryRef = useRef<EntryFormHandle>(null);
  const setEditing = (next: LocalEntry | 'new' | null) => {
    setEditingState(next);
    setDraft(null);
  };
  const [deleting, setDeleting] = useState<LocalEntry | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { formRef, reveal } = useRevealFirstError();
  /** A field's error goes once the field is edited, as the chatbot editor's do. */
  const clearError = (field: string) => {
    setErrors((current) =>
      field in current
        ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== field))
        : current,
    );
  };
  const [isBusy, setIsBusy] = useState(false);
  const isCreate = book === null;

  /** What the test box scans: the entries, with the open one as typed in its place (or last). */
  const scanEntries = useMemo(() => {
    if (editing === null || draft === null) return entries;
    if (editing === 'new') {
      const named = draft.name.trim() === '' ? 'New entry' : draft.name;
      return [...entries, { ...draft, name: named, id: openEntryId }];
    }
    return entries.map((e) => (e.id === editing.id ? { ...draft, id: e.id } : e));
  }, [entries, editing, draft]);
  const budget = Number(tokenBudget);

  const fail = (err: unknown) => {
    const error = toApiError(err);
    if (error.code === 'validation_failed' && error.field !== undefined) {
      setErrors({ [error.field.split('.')[0] ?? 'form']: formErrorText(error) });
      reveal();
    } else toast(errorText(error), 'error');
  };

  /**
   * The entries to create the book with: the list, and the open entry once it passes its checks
   * (null when it does not: its messages show in its form, and the form's own says what to do).
   */
  const entriesWithOpen = (): LocalEntry[] | null => {
    if (editing === null) return entries;
    const open = entryRef.current?.check() ?? null;
    if (open === null) return null;
    const target = editing;
    setEditing(null);
    const next =
      target === 'new'
        ? [...entries, { ...open, id: localId() }]
        : entries.map((e) => (e.id === target.id ? { ...open, id: e.id } : e));
    setEntries(next);
    return next;
  };

  const saveBook = async () => {
    const listed = isCreate ? entriesWithOpen() : entries;
    if (listed === null) {
      setErrors({ entries: openEntryText });
      reveal();
      return;
    }
    const fields = {
      name,
      description,
      avatarUrl: avatarUrl ?? '',
      tags: parseTags(tags),
      scanDepth: Number(scanDepth),
      tokenBudget: budget,
      recursiveScanning,
    };
    const result = isCreate
      ? LorebookCreateInputSchema.safeParse({
          ...fields,
          guidelines,
          entries: listed.map(withoutId),
        })
      : LorebookInputSchema.safeParse(fields);
    if (!result.success) {
      setErrors(fieldErrors(result.error));
      reveal();
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      if (isCreate) {
        const created = await createBook(api, {
          ...fields,
          guidelines: true,
          entries: listed.map(withoutId),
        });
        if (seed !== null) toast('Lorebook Imported');
        navigate(paths.lorebookEdit.build(created.id));
      } else {
        await updateBook(api, book.id, fields);
        toast('Lorebook updated');
        setIsBusy(false);
      }
    } catch (err) {
      fail(err);
      setIsBusy(false);
    }
  };

  const onSaveEntry = async (values: EntryValues) => {
    const target = editing;
    if (target === null) return;
    if (isCreate) {
      setEntries((list) =>
        target === 'new'
          ? [...list, { ...values, id: localId() }]
          : list.map((e) => (e.id === target.id ? { ...values, id: e.id } : e)),
      );
      clearError('entries');
      toast(target === 'new' ? 'Entry added' : 'Entry updated');
      setEditing(null);
      return;
    }
    setIsBusy(true);
    try {
      if (target === 'new') {
        const added = await addEntry(api, book.id, values);
        setEntries((list) => [...list, added]);
        toast('Entry added');
      } else {
        const saved = await saveEntry(api, book.id, target.id, values);
        setEntries((list) => list.map((e) => (e.id === saved.id ? saved : e)));
        toast('Entry updated');
      }
      setEditing(null);
    } catch (err) {
      toast(errorText(toApiError(err)), 'error');
    } finally {
      setIsBusy(false);
    }
  };

  const onDeleteEntry = async (entry: LocalEntry) => {
    if (!isCreate) {
      setIsBusy(true);
      try {
        await removeEntry(api, book.id, entry.id);
      } catch (err) {
        toast(errorText(toApiError(err)), 'error');
        setIsBusy(false);
        setDeleting(null);
        return;
      }
      setIsBusy(false);
    }
    setEntries((list) => list.filter((e) => e.id !== entry.id));
    setDeleting(null);
    toast('Entry deleted');
  };

  const isFull = entries.length >= lorebookLimits.entries.max;
  return (
    <Layout>
      <form
        ref={formRef}
        noValidate
        aria-label={isCreate ? 'Create lorebook' : 'Edit lorebook'}
        onSubmit={(e) => {
          e.preventDefault();
          if (!isBusy) void saveBook();
        }}
      >
        <Fields>
          <AvatarField
            avatarUrl={avatarUrl}
            name={name}
            alt="Lorebook avatar"
            isRequired
            disabled={isBusy}
            error={errors.avatarUrl ?? null}
            upload={(file, opts) => uploadAvatar(api, file, opts)}
            onChange={(url) => {
              setAvatarUrl(url);
              clearError('avatarUrl');
            }}
          />
          <TextField
            label="Name"
            value={name}
            maxLength={lorebookLimits.name.max}
            hasCounter
            autoComplete="off"
            error={errors.name ?? null}
            onChange={(e) => {
              setName(e.target.value);
              clearError('name');
            }}
          />
          <TextField
            label="Description"
            value={description}
            maxLength={lorebookLimits.description.max}
            hasCounter
            autoComplete="off"
            error={errors.description ?? null}
            onChange={(e) => {
              setDescription(e.target.value);
              clearError('description');
            }}
          />
          <TextField
            label="Tags"
            note="Comma separated, at least 2."
            value={tags}
            autoComplete="off"
            error={errors.tags ?? null}
            onChange={(e) => {
              setTags(e.target.value);
              clearError('tags');
            }}
          />
          <Row>
            <TextField
              label="Scan depth"
              type="number"
              inputMode="numeric"
              note="Recent messages searched for keywords."
              value={scanDepth}
              error={errors.scanDepth ?? null}
              onChange={(e) => {
                setScanDepth(e.target.value);
                clearError('scanDepth');
              }}
            />
            <TextField
              label="Token budget"
              type="number"
              inputMode="numeric"
              note="Most tokens this book adds to a prompt."
              value={tokenBudget}
              error={errors.tokenBudget ?? null}
              onChange={(e) => {
                setTokenBudget(e.target.value);
                clearError('tokenBudget');
              }}
            />
          </Row>
          <CheckboxField
            isSwitch
            label="Recursive scanning: entries that go in can make other entries fire"
            checked={recursiveScanning}
            onChange={setRecursiveScanning}
          />

          <section aria-labelledby={`${id}-entries`}>
            <EntriesHead>
              <h2 id={`${id}-entries`}>Entries</h2>
              <span>
                {entries.length}/{lorebookLimits.entries.max} entries
              </span>
            </EntriesHead>
            {errors.entries !== undefined && <FieldError role="alert">{errors.entries}</FieldError>}
            <EntryList aria-label="Entries">
              {entries.map((entry) => (
                <EntryRow key={entry.id}>
                  <div>
                    <strong>{entry.name}</strong>
                    <Keywords>{entry.keywords.join(', ')}</Keywords>
                  </div>
                  <RowButtons>
                    <Button
                      $variant="ghost"
                      aria-label={`Edit entry ${entry.name}`}
                      onClick={() => {
                        setEditing(entry);
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      $variant="ghost"
                      aria-label={`Delete entry ${entry.name}`}
                      disabled={entries.length <= 1 || isBusy}
                      onClick={() => {
                        setDeleting(entry);
                      }}
                    >
                      Delete
                    </Button>
                  </RowButtons>
                </EntryRow>
              ))}
            </EntryList>
            {editing === null ? (
              <Button
                disabled={isFull}
                onClick={() => {
                  setEditing('new');
                }}
              >
                Add Entry
              </Button>
            ) : (
              <EntryForm
                ref={entryRef}
                key={editing === 'new' ? 'new' : editing.id}
                initial={editing === 'new' ? emptyEntry : editing}
                isBusy={isBusy}
                onSave={(input) => void onSaveEntry(input)}
                onCancel={() => {
                  setEditing(null);
                }}
                onDraftChange={(typed) => {
                  setDraft(typed);
                  clearError('entries');
                }}
              />
            )}
          </section>

          {isCreate && (
            <GuidelinesAgreement
              checked={guidelines}
              onChange={(isChecked) => {
                setGuidelines(isChecked);
                clearError('guidelines');
              }}
              error={errors.guidelines}
            />
          )}
          {!isCreate && editing !== null && (
            <FieldNote>Save Entry saves the open entry; Update Lorebook saves the rest.</FieldNote>
          )}
          <Buttons>
            {book !== null && (
              <Button
                onClick={() => {
                  downloadLorebook({ ...book, entries: entries.map(asEntry) });
                }}
              >
                Export JSON
              </Button>
            )}
            <Button
              onClick={() => {
                navigate(paths.myLorebooks.build());
              }}
            >
              Cancel
            </Button>
            <Button type="submit" $variant="primary" disabled={isBusy} aria-busy={isBusy}>
              {isCreate ? 'Create Lorebook' : 'Update Lorebook'}
            </Button>
          </Buttons>
        </Fields>
      </form>
      <TestBox
        entries={scanEntries}
        tokenBudget={Number.isFinite(budget) ? budget : 0}
        recursiveScanning={recursiveScanning}
      />
      {deleting !== null && (
        <ConfirmDialog
          title="Delete entry"
          confirmLabel="Delete"
          isBusy={isBusy}
          onConfirm={() => void onDeleteEntry(deleting)}
          onCancel={() => {
            setDeleting(null);
          }}
        >
          Delete the entry “{deleting.name}”?
        </ConfirmDialog>
      )}
    </Layout>
  );
}

/** The id the test box gives a new entry not saved yet. */
const openEntryId = 'open-entry';

/** Create Lorebook with an open entry that does not pass its checks yet. */
export const openEntryText = 'Finish the open entry below, or cancel it, to create the lorebook.';

/** A form entry as the save takes it: its fields, without its id. */
function withoutId(e: LocalEntry): EntryValues {
  return LorebookEntryFieldsSchema.parse(e);
}

/** A form entry as the export takes it. */
function asEntry(e: LocalEntry): Lorebook['entries'][number] {
  return { ...e, updatedAt: new Date().toISOString() };
}

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxl};
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const EntriesHead = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space.sm};

  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }

  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const EntryList = styled.ul`
  max-height: 330px;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  overflow-y: auto;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const EntryRow = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  &:last-child {
    border-bottom: 0;
  }

  > div:first-child {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Keywords = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const RowButtons = styled.div`
  display: flex;
  flex-shrink: 0;
  gap: ${({ theme }) => theme.space.xs};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
