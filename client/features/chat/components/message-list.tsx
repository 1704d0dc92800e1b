import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';

/** How close to the bottom (px) still counts as "reading the newest message". */
const nearBottomPx = 120;
/** How close to the top (px) scrolling loads earlier messages. */
const nearTopPx = 48;

interface MessageListProps {
  label: string;
  hasMore: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => Promise<void>;
  /** Changes when the reader sends: the list jumps to the bottom whatever the position. */
  jumpVersion: number;
  /** The first message's id: when earlier ones are prepended, the reader's place is kept. */
  firstMessageId: string | undefined;
  children: ReactNode;
}

/** The chat log: role="log" (polite live region), follows new text, loads earlier messages upwards. */
export function MessageList({
  label,
  hasMore,
  isLoadingOlder,
  onLoadOlder,
  jumpVersion,
  firstMessageId,
  children,
}: MessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const isNearBottomRef = useRef(true);
  const isLoadingRef = useRef(false);
  /** The scroll position when earlier messages were asked for, and the first message id then. */
  const anchorRef = useRef<{ height: number; top: number; firstId: string | undefined } | null>(
    null,
  );

  const loadOlder = () => {
    const list = listRef.current;
    if (list === null || !hasMore || isLoadingRef.current) return;
    isLoadingRef.current = true;
    anchorRef.current = { height: list.scrollHeight, top: list.scrollTop, firstId: firstMessageId };
    void onLoadOlder().finally(() => {
      isLoadingRef.current = false;
    });
  };

  // The load settled (the earlier messages, if any, arrive in the same render): keep the reader on the
  // message they were looking at, then forget the position.
  useLayoutEffect(() => {
    const list = listRef.current;
    const anchor = anchorRef.current;
    if (list === null || anchor === null || isLoadingOlder) return;
    if (anchor.firstId !== firstMessageId) {
      list.scrollTop = anchor.top + (list.scrollHeight - anchor.height);
    }
    anchorRef.current = null;
  }, [firstMessageId, isLoadingOlder]);

  // New text at the bottom (a message, a streamed chunk, the typing dots) grows the content: follow it
  // while the reader is near the bottom, and leave them be when they scrolled up to read.
  useEffect(() => {
    const list = listRef.current;
    const content = contentRef.current;
    if (list === null || content === null) return;
    const observer = new ResizeObserver(() => {
      if (isNearBottomRef.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(content);
    return () => {
      observer.disconnect();
    };
  }, []);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    isNearBottomRef.current = true;
    list.scrollTop = list.scrollHeight;
  }, [jumpVersion]);

  return (
    <Log
      ref={listRef}
      role="log"
      aria-live="polite"
      aria-label={label}
      onScroll={(event) => {
        const list = event.currentTarget;
        isNearBottomRef.current =
          list.scrollHeight - list.scrollTop - list.clientHeight < nearBottomPx;
        if (list.scrollTop < nearTopPx) loadOlder();
      }}
    >
      <Inner ref={contentRef}>
        {hasMore && (
          <LoadEarlier>
            <Button $size="sm" onClick={loadOlder} disabled={isLoadingOlder}>
              {isLoadingOlder ? 'Loading…' : 'Load earlier messages'}
            </Button>
          </LoadEarlier>
        )}
        {children}
      </Inner>
    </Log>
  );
}

const Log = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overflow-anchor: none;
  overscroll-behavior: contain;

  &:focus-visible {
    outline-offset: -${({ theme }) => theme.size.focusRing};
  }
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
`;

const LoadEarlier = styled.div`
  display: flex;
  justify-content: center;
`;
