import styled from 'styled-components';
import { Link } from 'wouter';
import type { CharacterSummary } from '#shared/schemas/character';
import { paths } from '../../../lib/paths';
import { TagList } from '../../../components/tag-list';
import { formatMessageCount } from '../../../lib/format';

/** A library card: the whole card is one link to the chatbot profile, named by the character's name. */
export function CharacterCard({ character }: { character: CharacterSummary }) {
  return (
    <Link href={paths.chatbot.build(character.id)} asChild>
      <Card aria-label={character.name}>
        <Picture>
          {character.avatarUrl !== null && (
            <img src={character.avatarUrl} alt={character.name} loading="lazy" />
          )}
        </Picture>
        <Body>
          <Name>{character.name}</Name>
          <Title>{character.title}</Title>
          <TagList tags={character.tags} />
          <Meta>{formatMessageCount(character.numMessages)}</Meta>
        </Body>
      </Card>
    </Link>
  );
}

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

const Picture = styled.div`
  aspect-ratio: 1;
  background: ${({ theme }) => theme.color.surfaceAlt};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
`;

const Name = styled.h2`
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
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
