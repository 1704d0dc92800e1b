/**
 * What the chat shows while it loads (issue 28 §14): the shape of the chat (header, a few messages,
 * the message box) in placeholder blocks rather than a lone spinner, so the screen does not jump when
 * the chat arrives. Screen readers hear one status, "Loading chat" or "Loading messages".
 */
import styled from 'styled-components';
import { Skeleton } from '../../../components/skeleton';
import { HeaderBar, HeaderRow } from './chat-header';
import { ChatScreen } from './chat-screen';

/** Bot and user turns, as wide as messages tend to be (percent of the column). */
const rows: readonly { isUser: boolean; widths: readonly string[] }[] = [
  { isUser: false, widths: ['88%', '72%', '40%'] },
  { isUser: true, widths: ['60%'] },
  { isUser: false, widths: ['80%', '55%'] },
  { isUser: true, widths: ['45%', '30%'] },
];

/** The messages' place while the conversation loads (the header and message box are already there). */
export function MessagesSkeleton({ label = 'Loading messages' }: { label?: string }) {
  return (
    <Log role="status" aria-label={label}>
      <Column aria-hidden="true">
        {rows.map((row, i) => (
          <Row key={i} $isUser={row.isUser}>
            {!row.isUser && <Skeleton $width="32px" $height="32px" $round />}
            <Bubble $isUser={row.isUser}>
              {row.widths.map((width, j) => (
                <Skeleton key={j} $width={width} />
              ))}
            </Bubble>
          </Row>
        ))}
      </Column>
    </Log>
  );
}

/** The whole chat's place while the chatbot (or group) loads. */
export function ChatSkeleton() {
  return (
    <ChatScreen>
      <HeaderBar aria-hidden="true">
        <HeaderRow>
          <Skeleton $width="40px" $height="40px" $round />
          <Skeleton $width="32px" $height="32px" $round />
          <Skeleton $width="40%" $height="1.125rem" />
        </HeaderRow>
      </HeaderBar>
      <MessagesSkeleton label="Loading chat" />
      <Dock aria-hidden="true">
        <DockInner>
          <Skeleton $height="40px" />
        </DockInner>
      </Dock>
    </ChatScreen>
  );
}

const Log = styled.div`
  flex: 1;
  min-height: 0;
  overflow: hidden;
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
`;

const Row = styled.div<{ $isUser: boolean }>`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  justify-content: ${({ $isUser }) => ($isUser ? 'flex-end' : 'flex-start')};
`;

const Bubble = styled.div<{ $isUser: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $isUser }) => ($isUser ? 'flex-end' : 'flex-start')};
  gap: ${({ theme }) => theme.space.sm};
  width: min(85%, 640px);
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.bubble};
`;

const Dock = styled.div`
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const DockInner = styled.div`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
`;
