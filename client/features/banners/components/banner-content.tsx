/**
 * What a banner shows: its image, title, description and actions, styled only with the values the
 * shared schema admits (#rrggbb colours, the theme's sizes and weights, http(s) image URLs). Texts are
 * React text, never HTML. Colours and the background image are data an admin chose, so they go in
 * `style` (set property by property, no CSS text is parsed) rather than in the theme.
 */
import type { CSSProperties } from 'react';
import styled, { useTheme } from 'styled-components';
import { useLocation } from 'wouter';
import type {
  BannerAction,
  BannerAlign,
  BannerFont,
  BannerTextStyle,
  ShownBanner,
} from '#shared/schemas/banner';
import { VisuallyHidden } from '../../../components/visually-hidden';

const flexOf: Record<BannerAlign, CSSProperties['justifyContent']> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
};

function useFontStyle(): (font: BannerFont) => CSSProperties {
  const theme = useTheme();
  return (font) => ({
    fontSize: theme.font.size[font.size],
    fontWeight: theme.font.weight[font.weight],
  });
}

/** An http(s) URL in CSS `url()`: parsed again, so quotes and brackets arrive percent-encoded. */
function cssUrl(url: string): string {
  return `url(${JSON.stringify(new URL(url).href)})`;
}

interface BannerContentProps {
  banner: ShownBanner;
  /** An action was followed (a popup closes on it). */
  onAction?: () => void;
  /** Leave the title out (a popup shows it as the dialog's heading). */
  hideTitle?: boolean;
}

export function BannerContent({ banner, onAction, hideTitle = false }: BannerContentProps) {
  const fontStyle = useFontStyle();
  const text = (style: BannerTextStyle): CSSProperties => ({
    ...fontStyle(style),
    color: style.color,
  });
  return (
    <Content
      style={{
        backgroundColor: banner.backgroundColor,
        ...(banner.backgroundImageUrl === null
          ? {}
          : { backgroundImage: cssUrl(banner.backgroundImageUrl) }),
        justifyContent: flexOf[banner.contentPlacement],
        textAlign: banner.contentPlacement === 'center' ? 'center' : banner.contentPlacement,
      }}
    >
      {banner.additionalImageUrl !== null && (
        <Picture src={new URL(banner.additionalImageUrl).href} alt="" loading="lazy" />
      )}
      <Texts style={{ alignItems: flexOf[banner.contentPlacement] }}>
        {!hideTitle && banner.title !== '' && (
          <Title style={text(banner.titleStyle)}>{banner.title}</Title>
        )}
        {banner.description !== '' && (
          <Description style={text(banner.descriptionStyle)}>{banner.description}</Description>
        )}
        {banner.actions.length > 0 && (
          <ActionRow>
            {(['start', 'center', 'end'] as const).map((placement) => (
              <ActionGroup key={placement} style={{ justifyContent: flexOf[placement] }}>
                {banner.actions
                  .filter((a) => a.placement === placement)
                  .map((action, i) => (
                    <ActionLink key={i} action={action} onAction={onAction} />
                  ))}
              </ActionGroup>
            ))}
          </ActionRow>
        )}
      </Texts>
    </Content>
  );
}

function ActionLink({ action, onAction }: { action: BannerAction; onAction?: () => void }) {
  const theme = useTheme();
  const [, navigate] = useLocation();
  const style: CSSProperties = {
    fontSize: theme.font.size[action.font.size],
    fontWeight: theme.font.weight[action.font.weight],
    color: action.textColor,
    backgroundColor: action.backgroundColor,
    borderRadius: action.shape === 'pill' ? theme.radius.pill : theme.radius.sm,
  };
  const { navigation } = action;
  if (navigation.type === 'internal') {
    // A plain anchor rather than wouter's Link: the action must both close a popup and navigate.
    return (
      <ActionAnchor
        href={navigation.path}
        style={style}
        onClick={(event) => {
          onAction?.();
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          navigate(navigation.path);
        }}
      >
        {action.label}
      </ActionAnchor>
    );
  }
  return (
    <ActionAnchor
      href={new URL(navigation.url).href}
      target="_blank"
      rel="noopener noreferrer"
      style={style}
      onClick={onAction}
    >
      {action.label}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </ActionAnchor>
  );
}

const Content = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  background-position: center;
  background-size: cover;
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Picture = styled.img`
  width: ${({ theme }) => theme.size.avatar.lg};
  height: ${({ theme }) => theme.size.avatar.lg};
  object-fit: contain;
  flex: none;
`;

const Texts = styled.div`
  display: flex;
  flex: 1 1 16rem;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Title = styled.p`
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  overflow-wrap: anywhere;
`;

const Description = styled.p`
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
  overflow-wrap: anywhere;
`;

const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  margin-top: ${({ theme }) => theme.space.xs};
`;

const ActionGroup = styled.div`
  display: flex;
  flex: 1 1 auto;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  &:empty {
    display: none;
  }
`;

const ActionAnchor = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.lg};
  text-decoration: none;
  white-space: nowrap;

  &:focus-visible {
    outline: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
