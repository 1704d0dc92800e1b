/**
 * My Chatbots (product-core.md §2 "My Chatbots", §4 "Card labels", "Moderation"): the member's chatbots
 * with local search, filter and sort, the count line, the drafts card and the spec's order. A card
 * opens the chat (chat stays allowed in review); 'Fix Me' leads to the editor; a bot in manual review is
 * greyed out and not clickable.
 */
import { useId, useState } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { characterLabel, isEditLocked } from '#shared/rules/moderation';
import type { OwnCharacterSummary } from '#shared/schemas/own-character';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Input, Select } from '../../../components/form-controls';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchOwnCharacters } from '../api';
import { listDrafts, removeDraft } from '../drafts';
import {
  chatbotFilters,
  chatbotSorts,
  countLine,
  viewChatbots,
  type ChatbotFilter,
  type ChatbotSort,
} from '../my-chatbots-view';

export function MyChatbots({ memberId }: { memberId: string }) {
  const { api } = useServices();
  const id = useId();
  const list = useQuery(`own-characters:${memberId}`, (signal) => fetchOwnCharacters(api, signal));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ChatbotFilter>('All');
  const [sort, setSort] = useState<ChatbotSort>('Latest');
  const drafts = listDrafts(memberId);
  const shown = list.status === 'success' ? viewChatbots(list.data, { search, filter, sort }) : [];

  return (
    <Wrapper>
      <Header>
        <h1>My Chatbots</h1>
        <Link href={paths.chatbotCreate.build()} asChild>
          <CreateLink>Create Chatbot</CreateLink>
        </Link>
      </Header>
      <Controls role="search">
        <Input
          type="search"
          aria-label="Search your chatbots"
          placeholder="Search your chatbots..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
          }}
        />
        <Select
          aria-label="Filter"
          value={filter}
          onChange={(e) => {
            setFilter(chatbotFilters.find((f) => f === e.target.value) ?? 'All');
          }}
        >
          {chatbotFilters.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </Select>
        <Select
          aria-label="Sort"
          value={sort}
          onChange={(e) => {
            setSort(chatbotSorts.find((s) => s === e.target.value) ?? 'Latest');
          }}
        >
          {chatbotSorts.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Select>
      </Controls>
      {drafts.length > 0 && (
        <Link href={paths.myChatbotDrafts.build()} asChild>
          <DraftsCard aria-describedby={`${id}-drafts`}>
            <Pictures aria-hidden="true">
              {drafts.slice(0, 3).map((d) => (
                <Avatar key={d.id} src={d.values.avatarUrl} name={d.values.name || '?'} alt="" />
              ))}
            </Pictures>
            <span>
              <strong>Drafts</strong>{' '}
              <Muted id={`${id}-drafts`}>
                {drafts.length} draft{drafts.length === 1 ? '' : 's'} saved in this browser
              </Muted>
            </span>
          </DraftsCard>
        </Link>
      )}
      {list.status === 'loading' && <Spinner label="Loading your chatbots" />}
      {list.status === 'error' && (
        <ErrorState message={errorText(list.error)} onRetry={list.retry} />
      )}
      {list.status === 'success' && (
        <>
          <Count role="status">{countLine(shown.length)}</Count>
          {shown.length === 0 ? (
            <EmptyState>
              <Link href={paths.chatbotCreate.build()} asChild>
                <CreateLink>Create Chatbot</CreateLink>
              </Link>
            </EmptyState>
          ) : (
            <Grid>
              {shown.map((c) => (
                <li key={c.id}>
                  <ChatbotCard character={c} />
                </li>
              ))}
            </Grid>
          )}
        </>
      )}
    </Wrapper>
  );
}

function ChatbotCard({ character }: { character: OwnCharacterSummary }) {
  const id = useId();
  const label = characterLabel(character.moderationStatus, character.visibility);
  const isGreyed = character.moderationStatus === 'manual_review_required';
  const body = (
    <>
      <Avatar src={character.avatarUrl} name={character.name} size="lg" alt="" />
      <Text>
        <Name id={`${id}-name`}>{character.name}</Name>
        <Muted>{character.title}</Muted>
        <Label $tone={label === 'Action Required' ? 'danger' : 'neutral'}>{label}</Label>
      </Text>
    </>
  );
  return (
    <Card $isGreyed={isGreyed}>
      {isGreyed ? (
        <Main aria-disabled="true" aria-labelledby={`${id}-name`}>
          {body}
        </Main>
      ) : (
        <Link href={paths.chatWithCharacter.build(character.id)} asChild>
          <Main as="a" aria-label={`Chat with ${character.name}, ${label}`}>
            {body}
          </Main>
        </Link>
      )}
      {character.moderationStatus === 'fix_required' ? (
        <Link href={paths.chatbotEdit.build(character.id)} asChild>
          <Action aria-label={`Fix Me: ${character.name}`}>Fix Me</Action>
        </Link>
      ) : (
        !isEditLocked(character.moderationStatus) && (
          <Link href={paths.chatbotEdit.build(character.id)} asChild>
            <Action aria-label={`Edit ${character.name}`}>Edit</Action>
          </Link>
        )
      )}
    </Card>
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
    <Wrapper>
      <Header>
        <h1>Drafts</h1>
        <Link href={paths.myChatbots.build()}>Back to My Chatbots</Link>
      </Header>
      <Count role="status">{countLine(drafts.length)}</Count>
      {drafts.length === 0 ? (
        <EmptyState>
          <Link href={paths.chatbotCreate.build()} asChild>
            <CreateLink>Create Chatbot</CreateLink>
          </Link>
        </EmptyState>
      ) : (
        <Grid>
          {drafts.map((d) => {
            const name = d.values.name.trim() === '' ? 'Untitled chatbot' : d.values.name;
            return (
              <li key={d.id}>
                <Card $isGreyed={false}>
                  <Link href={paths.chatbotDraft.build(d.id)} asChild>
                    <Main as="a" aria-label={`Continue draft ${name}`}>
                      <Avatar src={d.values.avatarUrl} name={name} size="lg" alt="" />
                      <Text>
                        <Name>{name}</Name>
                        <Muted>Saved {new Date(d.savedAt).toLocaleString()}</Muted>
                      </Text>
                    </Main>
                  </Link>
                  <Button
                    $size="sm"
                    $variant="ghost"
                    aria-label={`Delete draft ${name}`}
                    onClick={() => {
                      remove(d.id);
                    }}
                  >
                    Delete
                  </Button>
                </Card>
              </li>
            );
          })}
        </Grid>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

const CreateLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.primaryHover};
  }
`;

const Controls = styled.div`
  display: grid;
  grid-template-columns: 1fr auto auto;
  gap: ${({ theme }) => theme.space.sm};

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: 1fr 1fr;

    input {
      grid-column: 1 / -1;
    }
  }
`;

const DraftsCard = styled.a`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
  }
`;

const Pictures = styled.span`
  display: flex;

  & > * + * {
    margin-left: -${({ theme }) => theme.space.md};
  }
`;

const Count = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.div<{ $isGreyed: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  height: 100%;
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  ${({ $isGreyed }) =>
    $isGreyed &&
    css`
      opacity: 0.55;
      filter: grayscale(1);
    `}
`;

const Main = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
`;

const Text = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Name = styled.strong`
  overflow: hidden;
  max-width: 100%;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Label = styled.span<{ $tone: 'danger' | 'neutral' }>`
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.dangerSurface : theme.color.chip)};
  color: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.danger : theme.color.onChip)};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Action = styled.a`
  flex: none;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-decoration: none;

  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
  }
`;
