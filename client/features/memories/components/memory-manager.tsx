/**
 * The Memory Manager (product-core.md "Memory": view, edit, new, pin/unpin, delete, delete all): a
 * chat's memories, pinned first, in pages of 25 with Load More. Pinned memories always go into the
 * prompt; auto memories summarise older messages. Without memory_manager or conversation_memory_auto
 * it offers the plans instead.
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import styled from 'styled-components';
import { MemoryContentSchema, memoryLimits } from '#shared/rules/memory';
import type { Memory } from '#shared/schemas/memory';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { Actions } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { TextAreaField } from '../../../components/text-area-field';
import { UpgradeModal } from '../../../components/upgrade-modal';
import { ErrorState } from '../../../components/state-panel';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { addMemory, changeMemory, fetchMemories, removeAllMemories, removeMemory } from '../api';

interface MemoryList {
  items: Memory[];
  hasMore: boolean;
}

/** The manager's order, as the server pages it: pinned first, then newest first. */
function ordered(items: readonly Memory[]): Memory[] {
  return [...items].sort(
    (a, b) => Number(b.isPinned) - Number(a.isPinned) || b.createdAt.localeCompare(a.createdAt),
  );
}

/** The content's first problem as the rule words it, or null when it may be saved. */
function contentError(content: string): string | null {
  const parsed = MemoryContentSchema.safeParse(content);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Memory is not valid');
}

export function MemoryManager({
  conversationId,
  mayManage,
  onClose,
}: {
  conversationId: string;
  /** Whether the member holds memory_manager or conversation_memory_auto. */
  mayManage: boolean;
  onClose: () => void;
}) {
  const { api } = useServices();
  const toast = useToast();
  const [list, setList] = useState<MemoryList | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [isConfirmingAll, setIsConfirmingAll] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!mayManage) return;
    const controller = new AbortController();
    fetchMemories(api, conversationId, undefined, controller.signal).then(
      (page) => {
        setList({ items: page.items, hasMore: page.items.at(-1)?.isLastId === false });
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setLoadError(toApiError(err));
      },
    );
    return () => {
      controller.abort();
    };
  }, [api, conversationId, mayManage, attempt]);

  const failed = (err: unknown) => {
    toast(errorText(toApiError(err)), 'error');
  };

  const loadMore = async () => {
    const last = list?.items.at(-1);
    if (!last) return;
    setIsLoadingMore(true);
    try {
      const page = await fetchMemories(api, conversationId, last.id);
      setList((l) => ({
        items: [...(l?.items ?? []), ...page.items],
        hasMore: page.items.at(-1)?.isLastId === false,
      }));
    } catch (err) {
      failed(err);
    } finally {
      setIsLoadingMore(false);
    }
  };

  const replace = (memory: Memory) => {
    setList(
      (l) => l && { ...l, items: ordered(l.items.map((m) => (m.id === memory.id ? memory : m))) },
    );
  };

  const deleteAll = async () => {
    setIsBusy(true);
    try {
      await removeAllMemories(api, conversationId);
      setList({ items: [], hasMore: false });
      setIsConfirmingAll(false);
      toast('All memories deleted');
    } catch (err) {
      failed(err);
    } finally {
      setIsBusy(false);
    }
  };

  if (!mayManage) {
    return (
      <UpgradeModal title="Memory Manager" onClose={onClose}>
        <p>{errorText({ code: 'memory_manager_forbidden' })}</p>
      </UpgradeModal>
    );
  }

  const items = list?.items ?? [];
  return (
    <Modal
      title="Memory Manager"
      onClose={onClose}
      actions={
        isConfirmingAll ? (
          <Confirm role="group" aria-label="Delete all memories?">
            <span>Delete all memories of this chat?</span>
            <Button
              onClick={() => {
                setIsConfirmingAll(false);
              }}
            >
              Cancel
            </Button>
            <Button
              $variant="danger"
              disabled={isBusy}
              aria-busy={isBusy}
              onClick={() => {
                void deleteAll();
              }}
            >
              Delete All
            </Button>
          </Confirm>
        ) : (
          <>
            <Button
              $variant="danger"
              disabled={items.length === 0}
              onClick={() => {
                setIsConfirmingAll(true);
              }}
            >
              Delete All
            </Button>
            <Button onClick={onClose}>Close</Button>
          </>
        )
      }
    >
      <Intro>
        Pinned memories always go into the prompt. Auto memories summarise older messages the chat
        can no longer hold.
      </Intro>
      <NewMemoryForm
        onAdd={async (input) => {
          const memory = await addMemory(api, conversationId, input);
          setList((l) => ({
            items: ordered([memory, ...(l?.items ?? [])]),
            hasMore: l?.hasMore ?? false,
          }));
          toast('Memory added');
        }}
        onError={failed}
      />
      {list === null && loadError === null && <Spinner label="Loading memories" />}
      {loadError !== null && (
        <ErrorState
          message={errorText(loadError)}
          onRetry={() => {
            setLoadError(null);
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {list !== null && items.length === 0 && <Empty>No memories yet.</Empty>}
      {items.length > 0 && (
        <List aria-label="Memories">
          {items.map((memory) => (
            <MemoryItem
              key={memory.id}
              memory={memory}
              onSave={async (changes) => {
                replace(await changeMemory(api, memory.id, changes));
              }}
              onDelete={async () => {
                await removeMemory(api, memory.id);
                setList((l) => l && { ...l, items: l.items.filter((m) => m.id !== memory.id) });
                toast('Memory deleted');
              }}
              onError={failed}
            />
          ))}
        </List>
      )}
      {list?.hasMore === true && (
        <Button
          disabled={isLoadingMore}
          aria-busy={isLoadingMore}
          onClick={() => {
            void loadMore();
          }}
        >
          Load More
        </Button>
      )}
    </Modal>
  );
}

function NewMemoryForm({
  onAdd,
  onError,
}: {
  onAdd: (input: { content: string; isPinned: boolean }) => Promise<void>;
  onError: (err: unknown) => void;
}) {
  const [content, setContent] = useState('');
  const [isPinned, setIsPinned] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = contentError(content);
    setError(problem);
    if (problem !== null) return;
    setIsSaving(true);
    try {
      await onAdd({ content: content.trim(), isPinned });
      setContent('');
      setIsPinned(false);
    } catch (err) {
      onError(err);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <NewForm
      aria-label="New memory"
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <TextAreaField
        label="New memory"
        rows={2}
        value={content}
        maxLength={memoryLimits.content}
        onChange={(event) => {
          setContent(event.target.value);
        }}
        error={error}
      />
      <Row>
        <CheckboxField label="Pin it" checked={isPinned} onChange={setIsPinned} />
        <Button type="submit" $variant="primary" disabled={isSaving} aria-busy={isSaving}>
          Add Memory
        </Button>
      </Row>
    </NewForm>
  );
}

function MemoryItem({
  memory,
  onSave,
  onDelete,
  onError,
}: {
  memory: Memory;
  onSave: (changes: { content?: string; isPinned?: boolean }) => Promise<void>;
  onDelete: () => Promise<void>;
  onError: (err: unknown) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await action();
      return true;
    } catch (err) {
      onError(err);
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const save = async () => {
    if (draft === null) return;
    const problem = contentError(draft);
    setError(problem);
    if (problem !== null) return;
    if (await run(() => onSave({ content: draft.trim() }))) setDraft(null);
  };

  const sources = memory.sourceMessageIds.length;
  return (
    <Item aria-label={memory.content}>
      {draft === null ? (
        <Content>{memory.content}</Content>
      ) : (
        <TextAreaField
          label="Edit memory"
          rows={3}
          value={draft}
          maxLength={memoryLimits.content}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          error={error}
        />
      )}
      <Meta>
        {memory.isPinned && <Badge>Pinned</Badge>}
        {memory.memoryType === 'other' && (
          <Badge $isQuiet>
            Auto memory from {sources} message{sources === 1 ? '' : 's'}
          </Badge>
        )}
      </Meta>
      <Actions>
        {draft === null ? (
          <>
            <Button
              $size="sm"
              disabled={isBusy}
              onClick={() => {
                void run(() => onSave({ isPinned: !memory.isPinned }));
              }}
            >
              {memory.isPinned ? 'Unpin' : 'Pin'}
            </Button>
            <Button
              $size="sm"
              disabled={isBusy}
              onClick={() => {
                setError(null);
                setDraft(memory.content);
              }}
            >
              Edit
            </Button>
            <Button
              $size="sm"
              $variant="danger"
              disabled={isBusy}
              onClick={() => {
                void run(onDelete);
              }}
            >
              Delete
            </Button>
          </>
        ) : (
          <>
            <Button
              $size="sm"
              onClick={() => {
                setDraft(null);
                setError(null);
              }}
            >
              Cancel
            </Button>
            <Button
              $size="sm"
              $variant="primary"
              disabled={isBusy}
              aria-busy={isBusy}
              onClick={() => {
                void save();
              }}
            >
              Save
            </Button>
          </>
        )}
      </Actions>
    </Item>
  );
}

const Intro = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const NewForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
`;

const Content = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.xs};
`;

const Badge = styled.span<{ $isQuiet?: boolean }>`
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $isQuiet = false, theme }) => ($isQuiet ? theme.color.surfaceAlt : theme.color.chip)};
  color: ${({ $isQuiet = false, theme }) => ($isQuiet ? theme.color.textMuted : theme.color.onChip)};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Confirm = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
