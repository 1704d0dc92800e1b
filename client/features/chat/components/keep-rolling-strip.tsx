import styled from 'styled-components';
import { visuallyHidden } from '../../../components/visually-hidden';

/** Ready-made next turns offered under the last reply. */
const suggestions = ['*smiles*', 'Tell me more.', 'What happens next?'] as const;

/**
 * The 'Keep the chat rolling' strip (product-core.md, "Chat screen"): one click sends a next turn. It
 * keeps to one line: on a narrow screen its title is read to screen readers only, so the three
 * suggestions fit beside each other, and a screen narrower still scrolls them sideways.
 */
export function KeepRollingStrip({ onPick }: { onPick: (text: string) => void }) {
  return (
    <Strip aria-label="Keep the chat rolling">
      <Title>Keep the chat rolling</Title>
      {suggestions.map((text) => (
        <Chip
          key={text}
          type="button"
          onClick={() => {
            onPick(text);
          }}
        >
          {text}
        </Chip>
      ))}
    </Strip>
  );
}

const Strip = styled.section`
  display: flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  max-width: ${({ theme }) => theme.size.readingWidth};
  width: 100%;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  overflow-x: auto;
`;

const Title = styled.h2`
  flex-shrink: 0;
  margin-right: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    ${visuallyHidden}
  }
`;

const Chip = styled.button`
  flex-shrink: 0;
  white-space: nowrap;
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: 999px;
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
