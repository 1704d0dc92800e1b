/** The audit trail about a member, newest first: who changed what, and when. */
import styled from 'styled-components';
import type { AuditEntry } from '#shared/api/admin';
import { auditText, formatDateTime } from '../labels';
import { Note, Section, SectionTitle } from './admin-styles';

export function AuditTrail({ entries }: { entries: readonly AuditEntry[] }) {
  const newestFirst = [...entries].reverse();
  return (
    <Section aria-labelledby="admin-audit-title">
      <SectionTitle id="admin-audit-title">Audit trail</SectionTitle>
      {newestFirst.length === 0 ? (
        <Note>No admin changes yet.</Note>
      ) : (
        <List aria-label="Audit entries, newest first">
          {newestFirst.map((entry) => (
            <li key={entry.id}>
              <What>{auditText(entry)}</What>
              <When>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                {byWhom(entry)}
              </When>
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: 0;
  list-style: none;

  li {
    padding-left: ${({ theme }) => theme.space.md};
    border-left: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.border};
  }
`;

const What = styled.p`
  overflow-wrap: anywhere;
`;

const When = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

/** Who made the change: the admin by name; an account since gone by its id; nothing for the product. */
function byWhom(entry: AuditEntry): string {
  if (entry.actorName !== null) return ` · by ${entry.actorName}`;
  return entry.actorUserId === null ? '' : ` · by admin ${entry.actorUserId.slice(0, 8)}`;
}
