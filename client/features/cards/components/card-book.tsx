/**
 * A card's embedded lorebook in the import preview (issue 27 part 3): the same report as a lorebook
 * file import (every entry that does not fit and why, what each choice gives, the entries past the
 * limit), and the choice the save then makes: import the book skipping or splitting those entries,
 * or leave it out. A book no entry of which fits is shown with its reasons and left out.
 */
import { useId } from 'react';
import styled from 'styled-components';
import type { CardBookPreview } from '#shared/api/character-cards';
import type { CardBookChoice } from '#shared/cards/card-schemas';
import {
  OverLimit,
  ProblemList,
  canFit,
  entriesText,
  outcomeText,
} from '../../../components/lore-import-report';
import { FieldNote } from '../../../components/form-controls';

/** The choice a preview starts with: skip the entries that do not fit, or leave an unreadable book out. */
export function initialBookChoice(book: CardBookPreview | null): CardBookChoice {
  return book?.isReadable === true ? 'skip' : 'leave';
}

export function CardBook({
  book,
  choice,
  onChoice,
}: {
  book: CardBookPreview;
  choice: CardBookChoice;
  onChoice: (choice: CardBookChoice) => void;
}) {
  const id = useId();
  if (!book.isReadable) {
    return (
      <Section aria-labelledby={`${id}-heading`}>
        <Heading id={`${id}-heading`}>Lorebook</Heading>
        <p role="note">{book.message}</p>
        {book.problems.length > 0 && (
          <ProblemList problems={book.problems} label="Why each entry does not fit" />
        )}
        <FieldNote>
          The chatbot is imported without it; the card keeps it, so exporting the card writes it
          back.
        </FieldNote>
      </Section>
    );
  }
  const { report } = book;
  const fits = canFit(report);
  const options: { value: CardBookChoice; label: string }[] = [
    report.problems.length === 0
      ? { value: 'skip', label: `Import it: ${outcomeText(report.skip)}` }
      : { value: 'skip', label: `Skip them: ${outcomeText(report.skip)}` },
    ...(fits
      ? [{ value: 'split' as const, label: `Split long entries: ${outcomeText(report.split)}` }]
      : []),
    { value: 'leave', label: 'Leave the lorebook out' },
  ];
  return (
    <Section aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>Lorebook</Heading>
      <p>
        The card carries a lorebook
        {report.name === '' ? '' : ` (${report.name})`}: {entriesText(report.total)} read. Saving
        makes it one of your lorebooks, attached to this chatbot; only you can open it, and chats
        read it while the chatbot is private.
      </p>
      {report.problems.length > 0 && (
        <ProblemList problems={report.problems} label="Entries that do not fit" />
      )}
      <Choices>
        <legend>The card&apos;s lorebook</legend>
        {options.map((option) => (
          <Choice key={option.value}>
            <input
              type="radio"
              name={`${id}-book`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => {
                onChoice(option.value);
              }}
            />
            <span>{option.label}</span>
          </Choice>
        ))}
      </Choices>
      {choice !== 'leave' && <OverLimit fitted={report[choice]} />}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Choices = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Choice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;

  input {
    margin-top: ${({ theme }) => theme.space.xs};
    accent-color: ${({ theme }) => theme.color.primary};
  }
`;
