/**
 * Every route pattern and a builder per route (docs/style.md, "Layout"); components link through these
 * builders and never write URLs by hand.
 */

import { unsubscribePagePath } from '#shared/api/email-notifications';
import type { CharacterType } from '#shared/schemas/character';
import type { LegalPageSlug } from '#shared/schemas/legal-page';

/** The conversation id meaning "a fresh conversation" (product-core.md, chat screen). */
export const newConversationId = 'new';

/**
 * A path inside this app to send someone back to, or null: only same-site paths ('/…', never '//…' or
 * another origin), never the home page (the default anyway) or sign-up itself.
 */
export function returnPath(path: string | null): string | null {
  if (path === null || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return null;
  }
  const pathname = path.split(/[?#]/)[0];
  return pathname === '/' || pathname === '/signup' ? null : path;
}

/**
 * How a conversation opens: in partial-clone mode with the clone's title (product-rules.md §3), or
 * from a notification mail, which shows the newest reply (product-core.md, "Chat screen").
 */
export interface ChatOpening {
  cloneTitle?: string;
  fromEmail?: boolean;
}

/** The mail link's marker: `?source=email_notification`. */
export const emailSource = 'email_notification';

/** The query of a conversation's opening, or none. */
function openingQuery({ cloneTitle, fromEmail }: ChatOpening): Record<string, string> {
  return {
    ...(cloneTitle === undefined ? {} : { cloneType: 'partial', cloneTitle }),
    ...(fromEmail === true ? { source: emailSource } : {}),
  };
}

export const paths = {
  home: {
    pattern: '/',
    build: (page = 1): string =>
      page > 1 ? `/?${new URLSearchParams({ page: String(page) }).toString()}` : '/',
  },
  /** The member's recommendations (product-core.md §2 routes). */
  recommendedBots: {
    pattern: '/recommended-bots',
    build: (): string => '/recommended-bots',
  },
  /** The member's favorite chatbots. */
  favoriteBots: {
    pattern: '/favorite-bots',
    build: (): string => '/favorite-bots',
  },
  /** A creator's public chatbots, titled '@{username}'s Chatbots'. */
  creator: {
    pattern: '/creator/:username',
    build: (username: string): string => `/creator/${encodeURIComponent(username)}`,
  },
  /**
   * Creating a chatbot (a guest sees the create teaser). The create, draft and edit patterns are
   * matched before the profile's `/chatbot/:id`, which would otherwise take `create` and `edit` for ids.
   */
  chatbotCreate: {
    pattern: '/chatbot/create',
    build: (): string => '/chatbot/create',
  },
  /** Creating a chatbot from a draft kept in this browser. */
  chatbotDraft: {
    pattern: '/chatbot/create/:draftId',
    build: (draftId: string): string => `/chatbot/create/${encodeURIComponent(draftId)}`,
  },
  /** The Chatbot Editor of one of the member's chatbots. */
  chatbotEdit: {
    pattern: '/chatbot/edit/:characterId',
    build: (characterId: string): string => `/chatbot/edit/${encodeURIComponent(characterId)}`,
  },
  /** Older links to creating a chatbot; they lead to chatbotCreate (matched before `/chat/:id`). */
  legacyCreate: {
    patterns: ['/chat/create', '/character/create'],
  },
  /** The member's chatbots, and their drafts kept in this browser. */
  myChatbots: {
    pattern: '/my-chatbots',
    build: (): string => '/my-chatbots',
  },
  myChatbotDrafts: {
    pattern: '/my-chatbots/drafts',
    build: (): string => '/my-chatbots/drafts',
  },
  /** My Lorebooks (lorebook flag). */
  myLorebooks: {
    pattern: '/my-chatbots/lorebooks',
    build: (): string => '/my-chatbots/lorebooks',
  },
  /** Creating a lorebook: Start New or Import JSON, then the form. Matched before `/lorebook/:id`. */
  lorebookCreate: {
    pattern: '/lorebook/create',
    build: (): string => '/lorebook/create',
  },
  lorebookEdit: {
    pattern: '/lorebook/edit/:id',
    build: (id: string): string => `/lorebook/edit/${encodeURIComponent(id)}`,
  },
  /** A lorebook's page: share, creator, tags and read-only entries. */
  lorebook: {
    pattern: '/lorebook/:id',
    build: (id: string): string => `/lorebook/${encodeURIComponent(id)}`,
  },
  /** My Group Chats and the group drafts kept in this browser (product-rules.md §2). */
  myGroupChats: {
    pattern: '/my-chatbots/groupchats',
    build: (): string => '/my-chatbots/groupchats',
  },
  groupDrafts: {
    pattern: '/groupchat/drafts',
    build: (): string => '/groupchat/drafts',
  },
  /** Create Group; the member picker is matched before the draft pattern, which would take it. */
  groupCreate: {
    pattern: '/groupchat/create',
    build: (): string => '/groupchat/create',
  },
  groupMembers: {
    pattern: '/groupchat/create/members',
    build: (): string => '/groupchat/create/members',
  },
  groupDraft: {
    pattern: '/groupchat/create/:draftId',
    build: (draftId: string): string => `/groupchat/create/${encodeURIComponent(draftId)}`,
  },
  /**
   * A group chat: resumes the caller's latest conversation with the group (or starts one), or opens
   * the one given; the spec's route has no conversation segment, so it travels in the query, with
   * its opening as `chat` has it.
   */
  groupChat: {
    pattern: '/groupchat/:characterId',
    build: (characterId: string, conversationId?: string, opening: ChatOpening = {}): string => {
      const path = `/groupchat/${encodeURIComponent(characterId)}`;
      if (conversationId === undefined || conversationId === newConversationId) return path;
      const query = new URLSearchParams({ conversationId, ...openingQuery(opening) });
      return `${path}?${query.toString()}`;
    },
  },
  /** Edit a group: the spec's route carries no parameter, so the id travels in the query. */
  groupEdit: {
    pattern: '/groupchat/edit',
    build: (characterId: string): string =>
      `/groupchat/edit?${new URLSearchParams({ characterId }).toString()}`,
  },
  chatbot: {
    pattern: '/chatbot/:id',
    build: (id: string): string => `/chatbot/${encodeURIComponent(id)}`,
  },
  chatWithCharacter: {
    pattern: '/chat/:characterId',
    build: (characterId: string): string => `/chat/${encodeURIComponent(characterId)}`,
  },
  /**
   * A conversation; in partial-clone mode it navigates with cloneType and cloneTitle
   * (product-rules.md §3) to pick the last message to keep.
   */
  chat: {
    pattern: '/chat/:characterId/:conversationId',
    build: (characterId: string, conversationId: string, opening: ChatOpening = {}): string => {
      const path = `/chat/${encodeURIComponent(characterId)}/${encodeURIComponent(conversationId)}`;
      const query = new URLSearchParams(openingQuery(opening)).toString();
      return query === '' ? path : `${path}?${query}`;
    },
  },
  /** Recent Chats: the member's conversations with every chatbot. */
  chats: {
    pattern: '/chats',
    build: (): string => '/chats',
  },
  /** Saved Chats with one chatbot. */
  savedChats: {
    pattern: '/chats/:characterId',
    build: (characterId: string): string => `/chats/${encodeURIComponent(characterId)}`,
  },
  /** The report page, with the chatbot's id when reporting from its card or profile. */
  report: {
    patterns: ['/report', '/report/:characterId'],
    build: (characterId?: string): string =>
      characterId === undefined ? '/report' : `/report/${encodeURIComponent(characterId)}`,
  },
  /** The creators the member blocked, with Unblock. */
  blockedCreators: {
    pattern: '/blocked-creators',
    build: (): string => '/blocked-creators',
  },
  /** Admin: the chatbot report queue, one numbered page at a time. */
  adminReports: {
    pattern: '/admin/reports',
    build: (page = 1): string =>
      page > 1
        ? `/admin/reports?${new URLSearchParams({ page: String(page) }).toString()}`
        : '/admin/reports',
  },
  /**
   * My Personas; opened from a chat it carries where to go back to and the character's name, for
   * 'Go Back to {character}'.
   */
  personas: {
    pattern: '/personas',
    build: (from?: { path: string; character: string }): string => {
      const back = from === undefined ? null : returnPath(from.path);
      return back === null || from === undefined
        ? '/personas'
        : `/personas?${new URLSearchParams({ back, character: from.character }).toString()}`;
    },
  },
  personasCreate: {
    pattern: '/personas/create',
    build: (): string => '/personas/create',
  },
  /** The persona editor; the persona's id travels as the personaId parameter. */
  personasEdit: {
    pattern: '/personas/edit',
    build: (personaId: string): string =>
      `/personas/edit?${new URLSearchParams({ personaId }).toString()}`,
  },
  /** The member's profile settings. */
  profile: {
    pattern: '/profile',
    build: (): string => '/profile',
  },
  /** A mail's unsubscribe link (issue 25 item 6); its token is the only credential. */
  unsubscribe: {
    pattern: unsubscribePagePath,
    build: (token: string): string => `${unsubscribePagePath}?token=${encodeURIComponent(token)}`,
  },
  /**
   * Sign-up completion (onboarding) for a member without a username; `next` is where they were, to
   * go back to when done.
   */
  /** Partner sign-up: a partner site's member picks a username and a name, then back to `next`. */
  externalSignup: {
    pattern: '/external/signup',
    build: (next?: string | null): string => {
      const back = returnPath(next ?? null);
      return back === null
        ? '/external/signup'
        : `/external/signup?${new URLSearchParams({ next: back }).toString()}`;
    },
  },
  signup: {
    pattern: '/signup',
    build: (next?: string | null): string => {
      const back = returnPath(next ?? null);
      return back === null
        ? '/signup'
        : `/signup?${new URLSearchParams({ next: back }).toString()}`;
    },
  },
  /** Adding or changing an email; `next` is where Continue goes afterwards (the profile). */
  updateEmail: {
    pattern: '/update-email',
    build: (next?: string | null): string => {
      const back = returnPath(next ?? null);
      return back === null
        ? '/update-email'
        : `/update-email?${new URLSearchParams({ next: back }).toString()}`;
    },
  },
  /** Age verification status and methods (product-core.md §4). */
  ageVerification: {
    pattern: '/age-verification',
    build: (): string => '/age-verification',
  },
  /** Where the verification provider returns the browser with `?session=<id>`. */
  ageVerificationCallback: {
    pattern: '/age-verification/callback',
    build: (session: string): string =>
      `/age-verification/callback?${new URLSearchParams({ session }).toString()}`,
  },
  /** Admin: find members (`?q=` keeps the search across back and reload). */
  admin: {
    pattern: '/admin',
    build: (query = ''): string =>
      query === '' ? '/admin' : `/admin?${new URLSearchParams({ q: query }).toString()}`,
  },
  /** Admin: one member's role, restrictions and audit trail. */
  adminUser: {
    pattern: '/admin/users/:id',
    build: (id: string): string => `/admin/users/${encodeURIComponent(id)}`,
  },
  /** Admin: chatbots waiting for a moderator (`?status=fix_required` for the flagged ones). */
  adminModeration: {
    pattern: '/admin/moderation',
    build: (status?: 'fix_required'): string =>
      status === undefined ? '/admin/moderation' : `/admin/moderation?status=${status}`,
  },
  /** Admin: the queue dashboard the server serves itself; reach it with a full page load. */
  adminQueues: {
    pattern: '/admin/queues',
    build: (): string => '/admin/queues',
  },
  /** The paid plans, where every Upgrade leads. */
  subscribe: {
    pattern: '/subscribe',
    build: (): string => '/subscribe',
  },
  /** The sale offer's plans (product-core.md §2 routes). */
  sale: {
    pattern: '/sale',
    build: (): string => '/sale',
  },
  /** The plans of one billing frequency side by side (product-rules.md §2). */
  planComparison: {
    /** The bare path, which shows the annual plans. */
    basePattern: '/plan-comparison',
    pattern: '/plan-comparison/:frequency',
    build: (frequency: 'monthly' | 'annual'): string => `/plan-comparison/${frequency}`,
  },
  /** Paying for a plan: `plan_id`, the offer `o_id` and an optional `coupon` (product-rules.md §2). */
  checkout: {
    pattern: '/checkout',
    build: (q: { planId: string; offerId?: string; coupon?: string }): string => {
      const query = new URLSearchParams({ plan_id: q.planId });
      if (q.offerId !== undefined) query.set('o_id', q.offerId);
      if (q.coupon !== undefined && q.coupon !== '') query.set('coupon', q.coupon);
      return `/checkout?${query.toString()}`;
    },
  },
  /** After a purchase: the order's details and Start Chatting. */
  checkoutSuccess: {
    pattern: '/checkout/success',
    build: (orderId: string): string =>
      `/checkout/success?${new URLSearchParams({ order_id: orderId }).toString()}`,
  },
  /** The cryptocurrency subscribe page, for one plan when given. */
  subscribeCrypto: {
    pattern: '/subscribe-crypto',
    build: (planId?: string): string =>
      planId === undefined
        ? '/subscribe-crypto'
        : `/subscribe-crypto?${new URLSearchParams({ plan_id: planId }).toString()}`,
  },
  /** Thanks-for-subscribing pages: home after 10 s, or the pledge-service linking page. */
  welcome: {
    pattern: '/welcome',
    build: (): string => '/welcome',
  },
  welcomePledge: {
    pattern: '/welcome/subscribestar',
    build: (): string => '/welcome/subscribestar',
  },
  /** The subscriber's self-service portal: the card subscription and its actions. */
  portal: {
    pattern: '/portal',
    build: (): string => '/portal',
  },
  /** Sends a subscriber to where their subscription is managed (the portal, the app, the service). */
  manageSubscription: {
    pattern: '/manage-subscription',
    build: (): string => '/manage-subscription',
  },
  /** Linking a pledge-service account: the start (and the return with a code), or a one-time id. */
  link: {
    patterns: ['/link/:service', '/link/:service/:transientId'],
    build: (service: string, transientId?: string): string =>
      transientId === undefined
        ? `/link/${encodeURIComponent(service)}`
        : `/link/${encodeURIComponent(service)}/${encodeURIComponent(transientId)}`,
  },
  /**
   * The creators leaderboard: the category (`type`, New Bots by default), the month (`date`, absent for
   * the newest) and the page (absent for the first).
   */
  creatorsLeaderboard: {
    pattern: '/creators/leaderboard',
    build: (q: { type?: 'new' | 'all'; date?: string; page?: number } = {}): string => {
      const params = new URLSearchParams();
      if (q.type !== undefined && q.type !== 'new') params.set('type', q.type);
      if (q.date !== undefined) params.set('date', q.date);
      if (q.page !== undefined && q.page > 1) params.set('page', String(q.page));
      const search = params.toString();
      return search === '' ? '/creators/leaderboard' : `/creators/leaderboard?${search}`;
    },
  },
  /** Admin: the leaderboard months, pending ones to approve (`date`: the month shown). */
  adminLeaderboard: {
    pattern: '/admin/leaderboard',
    build: (date?: string): string =>
      date === undefined
        ? '/admin/leaderboard'
        : `/admin/leaderboard?${new URLSearchParams({ date }).toString()}`,
  },
  /**
   * Legal and help pages (product-core.md §2 routes), which a member without a username may still read;
   * the Android install steps live at /apps/android.
   */
  legal: {
    patterns: [
      '/terms',
      '/privacy',
      '/refund',
      '/guidelines',
      '/2257',
      '/faq',
      '/contact-support',
      '/download',
      '/apps/android',
    ],
    build: (slug: LegalPageSlug): string => (slug === 'android' ? '/apps/android' : `/${slug}`),
  },
  /** The 403 page as a route of its own (product-core.md §2 routes). */
  accessDenied: {
    pattern: '/accessDenied',
    build: (): string => '/accessDenied',
  },
  /** Where a creator link that names nobody ends (product-core.md §2 routes). */
  userNotFound: {
    pattern: '/user-not-found',
    build: (): string => '/user-not-found',
  },
  /** The invalid account page (product-rules.md §2 "Other"): log out or back to home. */
  invalidAccount: {
    pattern: '/invalid-account',
    build: (): string => '/invalid-account',
  },
  /** The admin's banners (issue 25 item 2). */
  adminBanners: {
    pattern: '/admin/banners',
    build: (): string => '/admin/banners',
  },
  adminBannerNew: {
    pattern: '/admin/banners/new',
    build: (): string => '/admin/banners/new',
  },
  adminBanner: {
    pattern: '/admin/banners/:id',
    build: (id: string): string => `/admin/banners/${encodeURIComponent(id)}`,
  },
} as const;

/**
 * Where chatting with a character happens: a group (type meta) has the group chat screen, any other
 * chatbot the one-bot chat (product-core.md, "Chat screen": group bots redirect to /groupchat).
 * Without a conversation it resumes the latest one; the opening says how the conversation opens.
 */
export function chatPath(
  character: { id: string; type: CharacterType },
  conversationId?: string,
  opening: ChatOpening = {},
): string {
  if (character.type === 'meta') {
    return paths.groupChat.build(character.id, conversationId, opening);
  }
  return conversationId === undefined
    ? paths.chatWithCharacter.build(character.id)
    : paths.chat.build(character.id, conversationId, opening);
}
