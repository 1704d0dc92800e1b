/**
 * My Chatbots (product-core.md §2 "My Chatbots", §4 "Card labels", "Moderation"): the member's chatbots
 * with local search, filter and sort, the count line, the drafts card and the spec's order. A card
 * opens the chat (chat stays allowed in review); 'Fix Me' leads to the editor; a bot in manual review is
 * greyed out and not clickable.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { characterLabel, isEditLocked } from '#shared/rules/moderation';
import type { OwnCharacterSummary } from '#shared/schemas/own-character';
import {
  CardButton,
  CardLink,
  CreateLink,
  DraftsCard,
  Muted,
  OwnedCard,
  OwnedGrid,
  OwnedListHeader,
  OwnedListPage,
  useOwnedListTop,
  StatusLabel,
} from '../../../components/owned-list';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchOwnCharacters } from '../api';
import { listDrafts, removeDraft } from '../drafts';
import { chatbotSorts, countLine, viewChatbots } from '../my-chatbots-view';

const texts = {
  title: 'My Chatbots',
  createLabel: 'Create Chatbot',
  searchLabel: 'Search your chatbots',
};

export function MyChatbots({ memberId }: { memberId: string }) {
  const { api } = useServices();
  const list = useQuery(`own-characters:${memberId}`, (signal) => fetchOwnCharacters(api, signal));
  const create = paths.chatbotCreate.build();
  const { search, filter, sort, top } = useOwnedListTop(texts, create, chatbotSorts, 'Latest');
  const drafts = listDrafts(memberId);
  const shown = list.status === 'success' ? viewChatbots(list.data, { search, filter, sort }) : [];

  return (
    <OwnedListPage>
      {top}
      {drafts.length > 0 && (
        <DraftsCard
          href={paths.myChatbotDrafts.build()}
          pictures={drafts.map((d) => ({
            id: d.id,
            src: d.values.avatarUrl,
            name: d.values.name || '?',
          }))}
        >
          <strong>Drafts</strong>{' '}
          <Muted>
            {drafts.length} draft{drafts.length === 1 ? '' : 's'} saved in this browser
          </Muted>
        </DraftsCard>
      )}
      {list.status === 'loading' && <Spinner label="Loading your chatbots" />}
      {list.status === 'error' && (
        <ErrorState message={errorText(list.error)} onRetry={list.retry} />
      )}
      {list.status === 'success' && (
        <ChatbotGrid count={shown.length}>
          {shown.map((c) => (
            <ChatbotCard key={c.id} character={c} />
          ))}
        </ChatbotGrid>
      )}
    </OwnedListPage>
  );
}

/** The count line, then the cards, or with none the empty state offering Create Chatbot. */
function ChatbotGrid({ count, children }: { count: number; children: ReactNode }) {
  return (
    <>
      <Muted as="p" role="status">
        {countLine(count)}
      </Muted>
      {count === 0 ? (
        <EmptyState>
          <CreateLink href={paths.chatbotCreate.build()}>Create Chatbot</CreateLink>
        </EmptyState>
      ) : (
        <OwnedGrid>{children}</OwnedGrid>
      )}
    </>
  );
}

function ChatbotCard({ character }: { character: OwnCharacterSummary }) {
  const label = characterLabel(character.moderationStatus, character.visibility);
  const isGreyed = character.moderationStatus === 'manual_review_required';
  const editHref = paths.chatbotEdit.build(character.id);
  return (
    <OwnedCard
      href={isGreyed ? null : paths.chatWithCharacter.build(character.id)}
      linkLabel={`Chat with ${character.name}, ${label}`}
      picture={{ src: character.avatarUrl, name: character.name }}
      name={character.name}
      lines={
        <>
          <Muted>{character.title}</Muted>
          <StatusLabel label={label} />
        </>
      }
      actions={
        character.moderationStatus === 'fix_required' ? (
          <CardLink href={editHref} label={`Fix Me: ${character.name}`}>
            Fix Me
          </CardLink>
        ) : (
          !isEditLocked(character.moderationStatus) && (
            <CardLink href={editHref} label={`Edit ${character.name}`}>
              Edit
            </CardLink>
          )
        )
      }
    />
  );
}

/** The drafts list of /my-chatbots/drafts: continue one in the editor, or delete it. */
export function ChatbotDrafts({ memberId }: { memberId: string }) {
  const [drafts, setDrafts] = useState(() => listDrafts(memberId));
  const remove = (draftId: string) => {
    removeDraft(memberId, draftId);
    setDrafts(listDrafts(memberId));
  };
  return (
    <OwnedListPage>
      <OwnedListHeader title="Drafts">
        <Link href={paths.myChatbots.build()}>Back to My Chatbots</Link>
      </OwnedListHeader>
      <ChatbotGrid count={drafts.length}>
        {drafts.map((d) => {
          const name = d.values.name.trim() === '' ? 'Untitled chatbot' : d.values.name;
          return (
            <OwnedCard
              key={d.id}
              href={paths.chatbotDraft.build(d.id)}
              linkLabel={`Continue draft ${name}`}
              picture={{ src: d.values.avatarUrl, name }}
              name={name}
              lines={<Muted>Saved {new Date(d.savedAt).toLocaleString()}</Muted>}
              actions={
                <CardButton
                  label={`Delete draft ${name}`}
                  onClick={() => {
                    remove(d.id);
                  }}
                >
                  Delete
                </CardButton>
              }
            />
          );
        })}
      </ChatbotGrid>
    </OwnedListPage>
  );
}
