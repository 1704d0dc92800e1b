/**
 * /chats (Recent Chats) and /chats/{characterId} (Saved Chats with {character}): the conversation
 * lists of product-core.md "Other screens", composed with the favorite toggle of character-actions.
 */
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { useEffect, useId } from 'react';
import { ButtonAnchor } from '../../components/button';
import { EmptyState, ErrorState } from '../../components/state-panel';
import { Spinner } from '../../components/spinner';
import type { MenuItem } from '../../components/menu';
import { SignInButton } from '../../features/auth/components/sign-in-button';
import { useFavorite } from '../../features/character-actions/hooks/use-favorite';
import { useCharacter } from '../../features/characters/hooks/use-character';
import { ConversationList } from '../../features/saved-chats/components/conversation-list';
import { ImportChatButton } from '../../features/saved-chats/components/import-chat-button';
import type { ConversationItem } from '../../features/saved-chats/hooks/use-conversation-pages';
import { errorText, isNotFound } from '../../lib/errors';
import { chatPath, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';
import { NotFoundPage } from './not-found';

/** Recent Chats' own menu items: View Saved Chats, then Favorite or Unfavorite (favorites are members'). */
function useRecentChatItems(c: ConversationItem): MenuItem[] {
  const favorite = useFavorite(c.characterId);
  const isMember = useSession().status === 'member';
  const toast = useToast();
  const { limitError, clearLimitError } = favorite;
  useEffect(() => {
    if (limitError === null) return;
    toast(errorText(limitError), 'error');
    clearLimitError();
  }, [limitError, clearLimitError, toast]);
  const viewSaved = { label: 'View Saved Chats', href: paths.savedChats.build(c.characterId) };
  if (!isMember) return [viewSaved];
  return [
    viewSaved,
    { label: favorite.isFavorite ? 'Unfavorite' : 'Favorite', onSelect: favorite.toggle },
  ];
}

/**
 * The lists' heading: the title, and Import Chat for members (a conversation file is an account's);
 * a guest is told that signing up keeps these chats.
 */
function ListHeading({ title }: { title: string }) {
  const isGuest = useSession().status === 'guest';
  return (
    <>
      <Heading>
        <Title>{title}</Title>
        {!isGuest && <ImportChatButton />}
      </Heading>
      {isGuest && <GuestChatsNote />}
    </>
  );
}

/** A guest's chats are kept in this browser only until they sign up, when the account takes them over. */
function GuestChatsNote() {
  const id = useId();
  return (
    <Note aria-labelledby={id}>
      <p id={id}>
        You are chatting as a guest: these chats are kept in this browser only. Sign up with just
        your email and they stay in your account, on every device.
      </p>
      <SignInButton />
    </Note>
  );
}

/** Clone Partially goes on to the conversation's own screen (a group's too) to pick the last message. */
function usePartialClone() {
  const [, navigate] = useLocation();
  return (c: ConversationItem, title: string) => {
    navigate(chatPath(c.character, c.id, { cloneTitle: title }));
  };
}

export function RecentChatsPage() {
  useDocumentTitle('Recent Chats');
  const onPartialClone = usePartialClone();
  return (
    <RequirePermission permission="view_chats">
      <Page>
        <Narrow>
          <ListHeading title="Recent Chats" />
          <ConversationList
            useExtraItems={useRecentChatItems}
            onPartialClone={onPartialClone}
            empty={
              <EmptyState title="No chats yet">
                <p>Your conversations with chatbots show here.</p>
                <Link href={paths.home.build()} asChild>
                  <ButtonAnchor $variant="primary">Explore Chatbots</ButtonAnchor>
                </Link>
              </EmptyState>
            }
          />
        </Narrow>
      </Page>
    </RequirePermission>
  );
}

export function SavedChatsPage({ characterId }: { characterId: string }) {
  const character = useCharacter(characterId);
  const onPartialClone = usePartialClone();
  useDocumentTitle(
    character.status === 'success' ? `Saved Chats with ${character.data.name}` : 'Saved Chats',
  );
  if (character.status === 'error' && isNotFound(character.error)) return <NotFoundPage />;
  return (
    <RequirePermission permission="view_chats">
      <Page>
        <Narrow>
          {character.status === 'loading' && <Spinner label="Loading chats" />}
          {character.status === 'error' && (
            <ErrorState message={errorText(character.error)} onRetry={character.retry} />
          )}
          {character.status === 'success' && (
            <>
              <ListHeading title={`Saved Chats with ${character.data.name}`} />
              <ConversationList
                characterId={characterId}
                onPartialClone={onPartialClone}
                empty={
                  <EmptyState title="No saved chats">
                    <p>There&apos;s no conversations in your history.</p>
                    <Link href={paths.chat.build(characterId, 'new')} asChild>
                      <ButtonAnchor $variant="primary">Start New Chat</ButtonAnchor>
                    </Link>
                  </EmptyState>
                }
              />
            </>
          )}
        </Narrow>
      </Page>
    </RequirePermission>
  );
}

const Narrow = styled.div`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Note = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};

  p {
    flex: 1 1 16rem;
  }
`;
