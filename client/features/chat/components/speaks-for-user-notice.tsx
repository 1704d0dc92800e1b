/**
 * Under a reply that writes the user's own actions or speech (shared/rules/speaks-for-user.ts): says so,
 * and on the last reply offers one click to write it again (the regenerate path).
 */
import styled from 'styled-components';
import { Button } from '../../../components/button';

export function SpeaksForUserNotice({ onRegenerate }: { onRegenerate?: (() => void) | undefined }) {
  return (
    <Notice role="note" aria-label="Reply speaks for you">
      <Text>This reply writes your actions or words for you.</Text>
      {onRegenerate !== undefined && (
        <Button $variant="secondary" $size="sm" onClick={onRegenerate}>
          Write it again
        </Button>
      )}
    </Notice>
  );
}

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => theme.size.border} dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
