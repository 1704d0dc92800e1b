/**
 * The chat's ad slot and the ad-free upsell (product-core.md §6 "Ads"), shown once the conversation
 * exceeds the threshold to callers holding display_ads. The provider's snippet runs in a sandboxed
 * srcdoc frame without allow-same-origin: an opaque origin with no access to the page, its storage or
 * its cookies, allowed only to run its scripts and open the advertiser's page in a new tab.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import { showsAdFreeUpsell, showsAdSlot } from '#shared/rules/ads';
import { ButtonAnchor } from '../../../components/button';
import { usePermissions } from '../../../lib/member';
import { paths } from '../../../lib/paths';
import { useAdSettings } from '../hooks/use-ad-settings';

/** What the frame may do: run the snippet's scripts and open an ad's page in a new tab. Never same-origin. */
export const adFrameSandbox = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

interface AdSlotProps {
  /** Messages the chat holds. */
  loaded: number;
  /** Older messages exist beyond them. */
  hasMore: boolean;
}

export function AdSlot({ loaded, hasMore }: AdSlotProps) {
  const settings = useAdSettings();
  const permissions = usePermissions();
  if (settings === null || permissions === null || settings.snippet === null) return null;
  if (!settings.displayAds) return null;
  if (!showsAdSlot({ permissions, loaded, hasMore, afterMessages: settings.afterMessages })) {
    return null;
  }
  return (
    <Slot aria-label="Advertisement">
      {showsAdFreeUpsell(permissions) && (
        <Upsell role="note" aria-label="Ad-free upsell">
          <span>Enjoy every chat without ads.</span>
          <Link href={paths.subscribe.build()} asChild>
            <ButtonAnchor $variant="primary" $size="sm">
              Go Ad-Free
            </ButtonAnchor>
          </Link>
        </Upsell>
      )}
      <Frame
        title="Advertisement"
        sandbox={adFrameSandbox}
        srcDoc={settings.snippet}
        referrerPolicy="no-referrer"
      />
    </Slot>
  );
}

const Slot = styled.aside`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.md} 0;
  padding: ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => theme.size.border} dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const Upsell = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  max-width: 728px;
  height: 100px;
  border: none;
  background: ${({ theme }) => theme.color.surface};
`;
