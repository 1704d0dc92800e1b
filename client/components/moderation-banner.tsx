/**
 * The moderation state above a chatbot's or a group's edit form (product-core.md §4 "Moderation",
 * "Card labels"; product-rules.md §4 "Group moderation"): why the form is locked while it is in
 * review, or what the review found that the creator must fix. Nothing for a chatbot or group at rest.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { OwnCharacter } from '#shared/schemas/own-character';

export function ModerationBanner({
  subject,
  moderation,
}: {
  subject: 'chatbot' | 'group';
  moderation: Pick<OwnCharacter, 'moderationStatus' | 'moderationReasons' | 'moderationAction'>;
}): ReactNode {
  switch (moderation.moderationStatus) {
    case 'pending':
    case 'rereview_required':
      return (
        <Banner role="note">
          <strong>Under Review</strong> This {subject} cannot be edited until its review ends. You
          can still chat with it.
        </Banner>
      );
    case 'manual_review_required':
      return (
        <Banner role="note">
          <strong>Under Manual Review</strong> A moderator is reviewing this {subject}; it cannot be
          edited meanwhile.
        </Banner>
      );
    case 'fix_required':
      return (
        <Banner role="note" $tone="danger">
          <strong>Action Required</strong> Fix what the review found and save to resubmit it.
          {moderation.moderationReasons.length > 0 && (
            <ul aria-label="What the review found">
              {moderation.moderationReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
          {moderation.moderationAction !== null && <p>Moderator: {moderation.moderationAction}</p>}
        </Banner>
      );
    case 'closed':
    case null:
      return null;
  }
}

const Banner = styled.div<{ $tone?: 'danger' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid
    ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $tone, theme }) =>
    $tone === 'danger' ? theme.color.dangerSurface : theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.text};

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.xl};
  }
`;
