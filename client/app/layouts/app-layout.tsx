import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useSearch } from 'wouter';
import { isPathOff } from '#shared/rules/brand-sections';
import { ButtonAnchor } from '../../components/button';
import { Menu, type MenuItem } from '../../components/menu';
import { safeWebUrl, useAppSettings } from '../../features/app-settings/hooks/use-app-settings';
import { useMe } from '../../lib/member';
import { paths } from '../../lib/paths';
import { useIsFlagOn, useIsLorebookOn } from '../feature-flags';
import { BrandLogo } from './brand-logo';
import { PartnerNav } from './partner-nav';
import { ThemeToggle } from './theme-toggle';
import { useFocusHeadingOnNavigation } from './use-focus-heading';

interface AppLayoutProps {
  children: ReactNode;
  /** The header's account corner (Sign In or the avatar), composed by app.tsx. */
  account: ReactNode;
  /** The footer's content, or null on screens without a footer (the chat fills the viewport). */
  footer: ReactNode;
}

/**
 * The My Chatbots dropdown of the top navigation (product-core.md §2, "Navigation"), with the listing
 * pages that have no other way in: favorites and recommendations.
 */
const chatbotPages: readonly MenuItem[] = [
  { label: 'My Chatbots', href: paths.myChatbots.build() },
  { label: 'Favorite Chatbots', href: paths.favoriteBots.build() },
  { label: 'Recommendations', href: paths.recommendedBots.build() },
  { label: 'Blocked Creators', href: paths.blockedCreators.build() },
];

/** The lorebook pages, offered while the lorebook flag is on (product-core.md §2: Lorebook marked New). */
const lorebookPages: readonly MenuItem[] = [
  { label: 'My Lorebooks', href: paths.myLorebooks.build() },
  { label: 'Create Lorebook (New)', href: paths.lorebookCreate.build() },
];

/** The group chat pages, offered while the groupchat flag is on (product-core.md §2: Groupchat marked New). */
const groupChatPages: readonly MenuItem[] = [
  { label: 'My Group Chats', href: paths.myGroupChats.build() },
  { label: 'Create Groupchat (New)', href: paths.groupCreate.build() },
];

/** The creators leaderboard, offered while its flag is on (product-core.md §2: Leaderboard, one brand only). */
const leaderboardPages: readonly MenuItem[] = [
  { label: 'Leaderboard', href: paths.creatorsLeaderboard.build() },
];

/**
 * The shell: skip link, header (the brand's logo home, its header button, the navigation or on a
 * partner site the partner's dropdown, theme toggle, account), the page and the footer. Pages of
 * sections the brand switches off are not offered.
 */
export function AppLayout({ children, account, footer }: AppLayoutProps) {
  const isLorebookOn = useIsLorebookOn() === true;
  const isGroupChatOn = useIsFlagOn('groupchat') === true;
  const isLeaderboardOn = useIsFlagOn('leaderboard') === true;
  const settings = useAppSettings();
  const isPartner = settings?.isPartner === true;
  const sectionsOff = settings?.sectionsOff ?? [];
  const headerButtonUrl = safeWebUrl(settings?.navHeaderButton?.url);
  const headerButton =
    settings?.navHeaderButton && headerButtonUrl !== null
      ? { label: settings.navHeaderButton.label, url: headerButtonUrl }
      : null;
  const isAdmin = useMe()?.featureFlags?.includes('admin') === true;
  const [location] = useLocation();
  const search = useSearch();
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location, search]);
  useFocusHeadingOnNavigation(mainRef, `${location}?${search}`);

  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header>
        <BrandLogo />
        <HeaderEnd>
          {headerButton !== null && (
            <ButtonAnchor $size="sm" $variant="primary" href={headerButton.url}>
              {headerButton.label}
            </ButtonAnchor>
          )}
          {isPartner ? (
            <PartnerNav />
          ) : (
            <Nav aria-label="Main">
              <Link href={paths.chats.build()} asChild>
                <NavLink aria-label="Chats">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path
                      d="M4 5h16v11H9l-5 4z"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinejoin="round"
                      fill="none"
                    />
                  </svg>
                  <Wide>Chats</Wide>
                </NavLink>
              </Link>
              <Link href={paths.chatbotCreate.build()} asChild>
                <NavLink aria-label="Create Chatbot">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" fill="none" />
                  </svg>
                  <Wide>Create Chatbot</Wide>
                </NavLink>
              </Link>
              <Link href={paths.myChatbots.build()} asChild>
                <NavLink aria-label="My Chatbots">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <rect x="4" y="4" width="7" height="7" rx="1.5" fill="currentColor" />
                    <rect x="13" y="4" width="7" height="7" rx="1.5" fill="currentColor" />
                    <rect x="4" y="13" width="7" height="7" rx="1.5" fill="currentColor" />
                    <rect x="13" y="13" width="7" height="7" rx="1.5" fill="currentColor" />
                  </svg>
                  <Wide>My Chatbots</Wide>
                </NavLink>
              </Link>
              <Menu
                label="More chatbot pages"
                icon={
                  <svg viewBox="0 0 24 24" width="16" height="16">
                    <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" />
                  </svg>
                }
                items={[
                  ...chatbotPages,
                  ...(isLeaderboardOn ? leaderboardPages : []),
                  ...(isGroupChatOn ? groupChatPages : []),
                  ...(isLorebookOn ? lorebookPages : []),
                ].filter(
                  ({ href }) => href === undefined || !isPathOff(sectionsOff, 'pages', href),
                )}
              />
              {!isPathOff(sectionsOff, 'pages', paths.personas.build()) && (
                <Link href={paths.personas.build()} asChild>
                  <NavLink aria-label="My Personas">
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <circle cx="12" cy="8" r="4" fill="currentColor" />
                      <path d="M4 20c0-4 4-6 8-6s8 2 8 6z" fill="currentColor" />
                    </svg>
                    <Wide>My Personas</Wide>
                  </NavLink>
                </Link>
              )}
              {isAdmin && (
                <Link href={paths.admin.build()} asChild>
                  <NavLink aria-label="Admin">
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <path
                        d="M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinejoin="round"
                        fill="none"
                      />
                    </svg>
                    <Wide>Admin</Wide>
                  </NavLink>
                </Link>
              )}
            </Nav>
          )}
          <ThemeToggle />
          {account}
        </HeaderEnd>
      </Header>
      <Main ref={mainRef} id="main" tabIndex={-1}>
        {children}
      </Main>
      {footer !== null && <Footer>{footer}</Footer>}
    </>
  );
}

const SkipLink = styled.a`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  left: ${({ theme }) => theme.space.sm};
  z-index: ${({ theme }) => theme.zIndex.modal};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }
`;

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: ${({ theme }) => theme.size.headerHeight};
  padding: 0 ${({ theme }) => theme.space.lg};
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const HeaderEnd = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const NavLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;

/** A link's words, shown from the small breakpoint up; below it the icon (and its label) stay. */
const Wide = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    display: none;
  }
`;

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Main = styled.main`
  display: flex;
  flex: 1 0 auto;
  flex-direction: column;

  &:focus {
    outline: none;
  }
`;
