import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useSearch } from 'wouter';
import { isPathOff } from '#shared/rules/brand-sections';
import { ButtonAnchor } from '../../components/button';
import { Menu, type MenuItem } from '../../components/menu';
import { safeWebUrl, useAppSettings } from '../../features/app-settings/hooks/use-app-settings';
import { useMe } from '../../lib/member';
import { useSession } from '../../lib/session';
import { useOpenSignIn, type SignInReason } from '../../lib/sign-in-request';
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
 * An entry of the navigation. One only members can use (`forGuests`) leads a guest to the Sign In
 * dialog saying what it is for, then to the page once signed in (issue 28 §11), not to a page that
 * only asks them to sign in.
 */
interface NavEntry {
  label: string;
  href: string;
  forGuests?: SignInReason;
}

/**
 * The My Chatbots dropdown of the top navigation (product-core.md §2, "Navigation"), with the listing
 * pages that have no other way in: favorites and recommendations (a guest sees what they offer).
 */
const chatbotPages: readonly NavEntry[] = [
  { label: 'My Chatbots', href: paths.myChatbots.build(), forGuests: 'myChatbots' },
  { label: 'Favorite Chatbots', href: paths.favoriteBots.build() },
  { label: 'Recommendations', href: paths.recommendedBots.build() },
  { label: 'Blocked Creators', href: paths.blockedCreators.build(), forGuests: 'block' },
];

/** The lorebook pages, offered while the lorebook flag is on (product-core.md §2: Lorebook marked New). */
const lorebookPages: readonly NavEntry[] = [
  { label: 'My Lorebooks', href: paths.myLorebooks.build(), forGuests: 'lorebooks' },
  { label: 'Create Lorebook (New)', href: paths.lorebookCreate.build(), forGuests: 'lorebooks' },
];

/**
 * The group chat pages, offered while the groupchat flag is on (product-core.md §2: Groupchat marked
 * New); Create Groupchat shows a guest what it offers.
 */
const groupChatPages: readonly NavEntry[] = [
  { label: 'My Group Chats', href: paths.myGroupChats.build(), forGuests: 'createGroup' },
  { label: 'Create Groupchat (New)', href: paths.groupCreate.build() },
];

/** The creators leaderboard, offered while its flag is on (product-core.md §2: Leaderboard, one brand only). */
const leaderboardPages: readonly NavEntry[] = [
  { label: 'Leaderboard', href: paths.creatorsLeaderboard.build() },
];

/** The My Personas entry (members only). */
const personasEntry: NavEntry = {
  label: 'My Personas',
  href: paths.personas.build(),
  forGuests: 'personas',
};

/** The My Chatbots entry beside the dropdown (members only). */
const myChatbotsEntry: NavEntry = {
  label: 'My Chatbots',
  href: paths.myChatbots.build(),
  forGuests: 'myChatbots',
};

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
  const isGuest = useSession().status === 'guest';
  const openSignIn = useOpenSignIn();
  /** A guest's way into a members' page: the Sign In dialog saying what it is for, then the page. */
  const signInFor = (entry: NavEntry) =>
    isGuest && entry.forGuests !== undefined
      ? () => {
          openSignIn(entry.forGuests, entry.href);
        }
      : null;
  const menuItemOf = (entry: NavEntry): MenuItem => {
    const onSelect = signInFor(entry);
    return onSelect === null
      ? { label: entry.label, href: entry.href }
      : { label: entry.label, onSelect };
  };
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
                <NavLink aria-label="Chats" title="Chats">
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
                <NavLink aria-label="Create Chatbot" title="Create Chatbot">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" fill="none" />
                  </svg>
                  <Wide>Create Chatbot</Wide>
                </NavLink>
              </Link>
              <NavEntryLink entry={myChatbotsEntry} onSignIn={signInFor(myChatbotsEntry)}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <rect x="4" y="4" width="7" height="7" rx="1.5" fill="currentColor" />
                  <rect x="13" y="4" width="7" height="7" rx="1.5" fill="currentColor" />
                  <rect x="4" y="13" width="7" height="7" rx="1.5" fill="currentColor" />
                  <rect x="13" y="13" width="7" height="7" rx="1.5" fill="currentColor" />
                </svg>
              </NavEntryLink>
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
                ]
                  .filter(({ href }) => !isPathOff(sectionsOff, 'pages', href))
                  .map(menuItemOf)}
              />
              {!isPathOff(sectionsOff, 'pages', paths.personas.build()) && (
                <NavEntryLink entry={personasEntry} onSignIn={signInFor(personasEntry)}>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <circle cx="12" cy="8" r="4" fill="currentColor" />
                    <path d="M4 20c0-4 4-6 8-6s8 2 8 6z" fill="currentColor" />
                  </svg>
                </NavEntryLink>
              )}
              {isAdmin && (
                <Link href={paths.admin.build()} asChild>
                  <NavLink aria-label="Admin" title="Admin">
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

/**
 * A navigation entry with an icon: a link, or for a guest on a members' page a button opening the
 * Sign In dialog (`onSignIn`).
 */
function NavEntryLink({
  entry,
  onSignIn,
  children,
}: {
  entry: NavEntry;
  onSignIn: (() => void) | null;
  /** The icon. */
  children: ReactNode;
}) {
  const content = (
    <>
      {children}
      <Wide>{entry.label}</Wide>
    </>
  );
  if (onSignIn !== null) {
    return (
      <NavLink
        as="button"
        type="button"
        aria-label={entry.label}
        title={entry.label}
        onClick={onSignIn}
      >
        {content}
      </NavLink>
    );
  }
  return (
    <Link href={entry.href} asChild>
      <NavLink aria-label={entry.label} title={entry.label}>
        {content}
      </NavLink>
    </Link>
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

/**
 * On a narrow screen a screen that fills the viewport with its own header (the chat, marked
 * `data-fills-viewport`) is the only header there: the app's steps aside, as the spec hides it on some
 * paths on mobile (product-core.md §2, "Navigation"), so the chat keeps the height.
 */
const Header = styled.header`
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    :root:has([data-fills-viewport]) & {
      display: none;
    }
  }
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
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-family: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;

/**
 * A link's words, shown from the small breakpoint up; below it the icon stays, named by its label and
 * its tooltip (`title`), as the words would not fit beside the account corner at 390px.
 */
const Wide = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    display: none;
  }
`;

/** A screen that fills the viewport (the chat, `data-fills-viewport`) has no footer under it. */
const Footer = styled.footer`
  :root:has([data-fills-viewport]) & {
    display: none;
  }
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
