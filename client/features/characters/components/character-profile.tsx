import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { defaultUserName, fillMacros } from '#shared/rules/macros';
import { likePercent } from '#shared/rules/social';
import { languageName } from '#shared/rules/translation';
import type { Character } from '#shared/schemas/character';
import { chatPath, paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { Button, ButtonAnchor } from '../../../components/button';
import { RoleplayText } from '../../../components/roleplay-text';
import { TagList } from '../../../components/tag-list';
import { formatCount, formatMessageCount, formatTokenCount } from '../../../lib/format';
import { useCardArt } from '../hooks/use-card-art';

/** Example dialogues come as "<START>" blocks; each block is shown as one exchange. */
function dialogueBlocks(dialogue: string): string[] {
  return dialogue
    .split(/^\s*<START>\s*$/im)
    .map((block) => block.trim())
    .filter((block) => block !== '');
}

/** How the like percentage reads: the spec shows rating_score as a percent; no ratings, no percent. */
function likeText(character: Pick<Character, 'ratingScore' | 'numRatings'>): string {
  if (character.numRatings === 0) return 'No ratings yet';
  const ratings = `${formatCount(character.numRatings)} rating${character.numRatings === 1 ? '' : 's'}`;
  return `${likePercent(character.ratingScore)}% liked (${ratings})`;
}

/**
 * The chatbot profile (product-core.md, "Chatbot profile"); hidden definition fields are omitted.
 * `actions` (share, favorite, the menu) and `rating` (the bot rating) are composed by the page.
 */
export function CharacterProfile({
  character,
  actions,
  rating,
}: {
  character: Character;
  actions?: ReactNode;
  rating?: ReactNode;
}) {
  // A translation into the member's chat language is shown first; the original is a press away.
  const [isOriginal, setIsOriginal] = useState(false);
  const translation = isOriginal ? null : character.translation;
  const name = translation?.name ?? character.name;
  const text = {
    title: translation?.title ?? character.title,
    greeting: translation?.greeting ?? character.greeting,
    persona: translation?.persona ?? character.persona,
    scenario: translation?.scenario ?? character.scenario,
    dialogue: translation?.dialogue ?? character.dialogue,
  };
  const fill = (value: string) => fillMacros(value, { char: name, user: defaultUserName });
  const artUrl = useCardArt(character);
  return (
    <Wrapper>
      <Hero>
        {artUrl === null ? (
          <Avatar src={character.avatarUrl} name={name} size="xl" />
        ) : (
          // The card's own image, uncropped; cards and chat avatars use the square thumbnail.
          <CardArt src={artUrl} alt={`Card art of ${name}`} />
        )}
        <HeroText>
          <Name>{name}</Name>
          <Title>{text.title}</Title>
          {character.translation !== null && (
            <Translated>
              <span>
                {isOriginal
                  ? `Original in ${languageName(character.language)}`
                  : `Translated into ${languageName(character.translation.language)} from ${languageName(character.language)}`}
              </span>
              <Button
                $variant="ghost"
                $size="sm"
                aria-pressed={isOriginal}
                onClick={() => {
                  setIsOriginal((was) => !was);
                }}
              >
                Show original
              </Button>
            </Translated>
          )}
          {character.creatorUsername !== null && (
            <Link href={paths.creator.build(character.creatorUsername)} asChild>
              <Creator>@{character.creatorUsername}</Creator>
            </Link>
          )}
          <TagList tags={character.tags} />
          <Stats>
            <li>{formatMessageCount(character.numMessages)}</li>
            <li>{likeText(character)}</li>
            <li>{formatTokenCount(character.tokenCount)}</li>
          </Stats>
          <HeroActions>
            <Link href={chatPath(character)} asChild>
              <ChatNow $variant="primary">Chat Now</ChatNow>
            </Link>
            {actions}
          </HeroActions>
        </HeroText>
      </Hero>
      {rating !== undefined && <Card>{rating}</Card>}

      <Section title="Greeting">
        <Text>
          <RoleplayText text={fill(text.greeting)} />
        </Text>
      </Section>
      {text.persona !== null && (
        <Section title="Personality">
          <Text>{fill(text.persona)}</Text>
        </Section>
      )}
      {text.scenario !== null && (
        <Section title="Scenario">
          <Text>{fill(text.scenario)}</Text>
        </Section>
      )}
      {text.dialogue !== null && (
        <Details>
          <summary>
            <SummaryText>Example dialogue</SummaryText>
          </summary>
          {dialogueBlocks(fill(text.dialogue)).map((block, i) => (
            <Exchange key={i}>
              <RoleplayText text={block} />
            </Exchange>
          ))}
        </Details>
      )}
    </Wrapper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <SectionTitle>{title}</SectionTitle>
      {children}
    </Card>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

/** A card's original art: as wide as the column allows on a phone, its own shape, never cropped. */
const CardArt = styled.img`
  display: block;
  width: auto;
  max-width: min(100%, ${({ theme }) => theme.size.cardArt});
  height: auto;
  max-height: calc(${({ theme }) => theme.size.cardArt} * 1.5);
  border-radius: ${({ theme }) => theme.radius.lg};
  object-fit: contain;
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const Hero = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  text-align: center;

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    flex-direction: row;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space.xl};
    text-align: left;
  }
`;

const HeroText = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    align-items: flex-start;
  }
`;

const Name = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Title = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Translated = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    justify-content: flex-start;
  }
`;

const Stats = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    justify-content: flex-start;
  }
`;

const Creator = styled.a`
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    justify-content: flex-start;
  }
`;

const ChatNow = styled(ButtonAnchor)`
  min-width: ${({ theme }) => theme.size.ctaMinWidth};
`;

const Card = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const SectionTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Text = styled.div`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Details = styled.details`
  padding: ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  summary {
    cursor: pointer;
  }
`;

const SummaryText = styled.h2`
  display: inline;
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Exchange = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
