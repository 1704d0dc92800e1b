/**
 * What a card import filled in, before anything is saved (issue 10: "show the user what was imported"):
 * the name, avatar and greeting, which of our fields the card filled, its tags, what was cut, left out
 * or still needs filling, and which card data is kept for export.
 */
import { useId } from 'react';
import styled from 'styled-components';
import type { CardImportPreview } from '#shared/api/character-cards';
import type { CardBookChoice, CardWarning } from '#shared/cards/card-schemas';
import { Avatar } from '../../../components/avatar';
import { TagList } from '../../../components/tag-list';
import { CardBook } from './card-book';

/** How much of the greeting the preview shows. */
const greetingPreviewChars = 280;

const kindLabel: Record<CardWarning['kind'], string> = {
  cut: 'Cut',
  dropped: 'Left out',
  missing: 'To fill in',
  changed: 'Changed',
};

const count = (n: number) => n.toLocaleString('en-US');

/** Card keys as people read them: `creator_notes` → "creator notes". */
const readable = (key: string) => key.replace(/_/g, ' ');

export function CardPreview({
  preview,
  bookChoice,
  onBookChoice,
}: {
  preview: CardImportPreview;
  bookChoice: CardBookChoice;
  onBookChoice: (choice: CardBookChoice) => void;
}) {
  const id = useId();
  const { character } = preview;
  const fields: [string, string][] = [
    ['Title', character.title],
    ['Greeting', character.greeting],
    ['Personality', character.persona],
    ['Scenario', character.scenario],
    ['Example dialogue', character.dialogue],
  ];
  const kept = Object.keys(preview.extras.data).filter((key) => key !== 'extensions');
  const greeting =
    character.greeting.length > greetingPreviewChars
      ? `${character.greeting.slice(0, greetingPreviewChars).trimEnd()}…`
      : character.greeting;
  return (
    <Wrapper>
      <Summary>
        <Avatar
          src={preview.avatarUrl}
          name={character.name}
          size="lg"
          alt={preview.avatarUrl === null ? '' : `Avatar of ${character.name}`}
        />
        <div>
          <Name>{character.name}</Name>
          <Muted>{character.title === '' ? 'No title yet' : character.title}</Muted>
          <Muted>
            {preview.container === 'png' ? 'PNG card' : 'JSON card'},{' '}
            {preview.shape === 'v2_flat' ? 'V2 (unwrapped)' : preview.shape.toUpperCase()}
            {character.isNsfw ? ', NSFW' : ''}
          </Muted>
        </div>
      </Summary>

      {greeting.trim() !== '' && (
        <Section aria-labelledby={`${id}-greeting`}>
          <Heading id={`${id}-greeting`}>Greeting</Heading>
          <Quote>{greeting}</Quote>
        </Section>
      )}

      <Section aria-labelledby={`${id}-fields`}>
        <Heading id={`${id}-fields`}>Fields filled</Heading>
        <Fields>
          {fields.map(([label, value]) => (
            <FieldRow key={label}>
              <dt>{label}</dt>
              <FieldState $isFilled={value.trim() !== ''}>
                {value.trim() === '' ? 'Empty' : `${count(value.length)} characters`}
              </FieldState>
            </FieldRow>
          ))}
          <FieldRow>
            <dt>Tags</dt>
            <FieldState $isFilled={character.tags.length > 0}>
              {character.tags.length === 0 ? 'None' : String(character.tags.length)}
            </FieldState>
          </FieldRow>
        </Fields>
        <TagList tags={character.tags} />
      </Section>

      {preview.warnings.length > 0 && (
        <Section aria-labelledby={`${id}-warnings`}>
          <Heading id={`${id}-warnings`}>Check before saving</Heading>
          <Warnings>
            {preview.warnings.map((warning, i) => (
              <li key={i}>
                <Kind $kind={warning.kind}>{kindLabel[warning.kind]}</Kind> {warning.message}
              </li>
            ))}
          </Warnings>
        </Section>
      )}

      {preview.book !== null && (
        <CardBook book={preview.book} choice={bookChoice} onChoice={onBookChoice} />
      )}

      {kept.length > 0 && (
        <Muted>Also kept, for exporting the card again: {kept.map(readable).join(', ')}.</Muted>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.text};
`;

const Summary = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;

  > div {
    min-width: 0;
  }
`;

const Name = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Quote = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Fields = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** One dt/dd pair; `display: contents` lets both sit in the grid. */
const FieldRow = styled.div`
  display: contents;
`;

const FieldState = styled.dd<{ $isFilled: boolean }>`
  margin: 0;
  color: ${({ $isFilled, theme }) => ($isFilled ? theme.color.text : theme.color.textMuted)};
  text-align: right;
`;

const Warnings = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Kind = styled.strong<{ $kind: CardWarning['kind'] }>`
  color: ${({ $kind, theme }) =>
    $kind === 'cut' || $kind === 'dropped' ? theme.color.danger : theme.color.text};
`;
