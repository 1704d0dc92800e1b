import styled from 'styled-components';

interface TagListProps {
  tags: readonly string[];
  /**
   * The list's accessible name; null inside a link, whose name is then read from the chips themselves
   * (a named list would read as just "Tags" there).
   */
  label?: string | null;
}

/** Tags as chips. */
export function TagList({ tags, label = 'Tags' }: TagListProps) {
  if (tags.length === 0) return null;
  return (
    <List aria-label={label ?? undefined}>
      {tags.map((tag) => (
        <Chip key={tag}>{tag}</Chip>
      ))}
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Chip = styled.li`
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
