import styled from 'styled-components';
import { useDelay } from '../hooks/use-delay';

/** Waits a moment before showing, so a quick reconnect does not flash a banner. */
const noticeDelayMs = 1500;

/** Shown while the socket is down; the conversation resyncs by itself once it is back. */
export function ConnectionNotice() {
  const isDue = useDelay(noticeDelayMs);
  if (!isDue) return null;
  return <Banner role="status">Reconnecting…</Banner>;
}

const Banner = styled.p`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
`;
