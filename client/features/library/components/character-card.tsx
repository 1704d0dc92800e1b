import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { CharacterSummary } from '#shared/schemas/character';
import { paths } from '../../../lib/paths';
import { TagList } from '../../../components/tag-list';
import { formatMessageCount } from '../../../lib/format';

interface CharacterCardProps {
  character: CharacterSummary;
  /** The card's actions menu (favorite, share, report…), beside the link; nothing when absent. */
  actions?: ReactNode;
  /** Blur the picture of an NSFW bot (always for visitors who are not signed in). */
  isNsfwBlurred?: boolean;
}

/**
 * A library card: the whole card is one link to the chatbot profile. Its accessible name is its visible
 * text in reading order (NSFW, name, title, tags, message count), so speech input and screen readers agree
 * with what is on screen; the picture is decoration. Actions sit outside the link, so no control is
 * nested in another.
 */
export function CharacterCard({ character, actions, isNsfwBlurred = false }: CharacterCardProps) {
  return (
    <Wrapper>
      <Link href={paths.chatbot.build(character.id)} asChild>
        <Card>
          <Picture $isBlurred={isNsfwBlurred && character.isNsfw}>
            {character.avatarUrl !== null && (
              <img src={character.avatarUrl} alt="" loading="lazy" />
            )}
            {character.isNsfw && <NsfwBadge>NSFW</NsfwBadge>}
          </Picture>
          <Body>
            <Name>{character.name}</Name>
            <Title>{character.title}</Title>
            <TagList tags={character.tags} label={null} />
            <Meta>{formatMessageCount(character.numMessages)}</Meta>
          </Body>
        </Card>
      </Link>
      {actions !== undefined && <Actions>{actions}</Actions>}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  position: relative;
  height: 100%;
`;

const Actions = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  right: ${({ theme }) => theme.space.sm};
`;

const NsfwBadge = styled.span`
  position: absolute;
  bottom: ${({ theme }) => theme.space.sm};
  left: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.surface};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Card = styled.a`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 1px 3px ${({ theme }) => theme.color.shadow};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  transition:
    transform ${({ theme }) => theme.duration.normal},
    border-color ${({ theme }) => theme.duration.normal};

  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
    transform: translateY(-2px);
  }
`;

const Picture = styled.div<{ $isBlurred: boolean }>`
  position: relative;
  overflow: hidden;
  aspect-ratio: 1;
  background: ${({ theme }) => theme.color.surfaceAlt};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    filter: ${({ $isBlurred }) => ($isBlurred ? 'blur(18px)' : 'none')};
  }
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
`;

/** The whole name, wrapping as needed: a long single word breaks rather than widen its column. */
const Name = styled.h2`
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  overflow-wrap: anywhere;
`;

const Title = styled.p`
  display: -webkit-box;
  overflow: hidden;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
`;

const Meta = styled.p`
  margin-top: auto;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
