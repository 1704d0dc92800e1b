/**
 * The chat log: role="log" (polite live region), follows new text, loads earlier messages upwards, and
 * renders only the message rows near the viewport (issue 11 part 8), so a chat of 10,000 messages holds
 * as few nodes as a new one. Row heights are measured once rendered (estimated before); the row at the
 * top of the viewport is the reader's anchor, kept in place when rows above it arrive or change height.
 * Written here rather than taken from a library: it is a hundred lines over `virtual-rows.ts`, and chat
 * lists need exactly this prepend-anchoring that general virtualisers leave to the caller.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { anchoredTop, anchorAt, rowOffsets, visibleRange } from '../virtual-rows';

/** How close to the bottom (px) still counts as "reading the newest message". */
const nearBottomPx = 120;
/** How close to the top (px) scrolling loads earlier messages. */
const nearTopPx = 48;
/** A row's height before it was ever rendered (px). */
const estimatedRowPx = 96;
/** Rows rendered beyond each edge of the viewport (px), so a fast scroll meets no blank. */
const overscanPx = 800;

interface MessageListProps {
  label: string;
  hasMore: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => Promise<void>;
  /** Changes when the reader sends: the list jumps to the bottom whatever the position. */
  jumpVersion: number;
  /** Above the message rows (the greeting, the disclaimer). */
  header?: ReactNode;
  /** One stable key per message row, oldest first. */
  rowKeys: readonly string[];
  /** The row at this index; called only for the rows near the viewport. */
  renderRow: (index: number) => ReactNode;
  /** Below the message rows (the message being sent, the reply being written, Retry). */
  footer?: ReactNode;
}

export function MessageList({
  label,
  hasMore,
  isLoadingOlder,
  onLoadOlder,
  jumpVersion,
  header,
  rowKeys,
  renderRow,
  footer,
}: MessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const isNearBottomRef = useRef(true);
  const isLoadingRef = useRef(false);
  /**
   * What the last render measured: row heights by key (rows never rendered count as
   * `estimatedRowPx`), and where the rows start inside the scrolled content (below the header).
   */
  const [measured, setMeasured] = useState<{
    heights: ReadonlyMap<string, number>;
    rowsTop: number;
  }>(() => ({ heights: new Map(), rowsTop: 0 }));
  const { heights, rowsTop } = measured;
  // Opened at the bottom: a top past the end renders the newest rows first.
  const [viewport, setViewport] = useState({ top: Number.MAX_SAFE_INTEGER, height: 800 });
  const anchorRef = useRef<{ key: string; delta: number } | null>(null);

  const offsets = useMemo(() => rowOffsets(rowKeys, heights, estimatedRowPx), [rowKeys, heights]);
  const total = offsets[rowKeys.length] ?? 0;
  const { start, end } = visibleRange(offsets, viewport.top - rowsTop, viewport.height, overscanPx);

  const loadOlder = () => {
    if (!hasMore || isLoadingRef.current) return;
    isLoadingRef.current = true;
    void onLoadOlder().finally(() => {
      isLoadingRef.current = false;
    });
  };

  /** Reads the scroll position: the window to render, the reader's anchor row, near the bottom. */
  const readScroll = (list: HTMLDivElement) => {
    isNearBottomRef.current = list.scrollHeight - list.scrollTop - list.clientHeight < nearBottomPx;
    anchorRef.current = anchorAt(rowKeys, offsets, list.scrollTop - rowsTop);
    setViewport((v) =>
      v.top === list.scrollTop && v.height === list.clientHeight
        ? v
        : { top: list.scrollTop, height: list.clientHeight },
    );
  };

  // After every render: measure the rendered rows; then keep the reader's place (the bottom, or the
  // anchor row where it was) now that rows above may have arrived or changed height.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render on purpose: any render may change a row's height
  useLayoutEffect(() => {
    const list = listRef.current;
    const rows = rowsRef.current;
    if (list === null || rows === null) return;
    const changed = new Map<string, number>();
    for (const row of rows.children) {
      const key = row instanceof HTMLElement ? row.dataset.rowKey : undefined;
      const height = row.getBoundingClientRect().height;
      if (key !== undefined && heights.get(key) !== height) changed.set(key, height);
    }
    if (changed.size > 0 || rows.offsetTop !== rowsTop) {
      // Re-render with the new layout (heights exist only once rows are in the DOM); the reader's
      // place is kept on that pass.
      setMeasured({ heights: new Map([...heights, ...changed]), rowsTop: rows.offsetTop });
      return;
    }
    if (isNearBottomRef.current) {
      list.scrollTop = list.scrollHeight;
    } else if (anchorRef.current !== null) {
      const top = anchoredTop(rowKeys, offsets, anchorRef.current);
      const wanted = top === null ? null : top + rows.offsetTop;
      if (wanted !== null && Math.abs(list.scrollTop - wanted) >= 1) list.scrollTop = wanted;
    }
    readScroll(list);
  });

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
    observer.observe(list);
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

  const shown: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const key = rowKeys[i];
    if (key === undefined) continue;
    shown.push(
      <Row key={key} data-row-key={key}>
        {renderRow(i)}
      </Row>,
    );
  }

  return (
    <Log
      ref={listRef}
      role="log"
      // Not live: a streamed reply would be read chunk by chunk; ReplyAnnouncer reads it once finished.
      aria-live="off"
      aria-label={label}
      aria-busy={isLoadingOlder}
      onScroll={(event) => {
        const list = event.currentTarget;
        readScroll(list);
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
        {header}
        <Rows
          ref={rowsRef}
          style={{
            paddingTop: offsets[start] ?? 0,
            paddingBottom: total - (offsets[end] ?? total),
          }}
        >
          {shown}
        </Rows>
        {footer}
      </Inner>
    </Log>
  );
}

const Log = styled.div`
  position: relative;
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

/** The rendered rows, with the unrendered ones above and below standing in as padding. */
const Rows = styled.div`
  display: flex;
  flex-direction: column;
`;

/** One message row; the gap is inside it, so a measured height is the row's whole share. */
const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding-bottom: ${({ theme }) => theme.space.md};
`;

const LoadEarlier = styled.div`
  display: flex;
  justify-content: center;
`;
