import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/spinner';
import { useIsPageOff } from '../features/app-settings/hooks/use-app-settings';
import { Page } from './layouts/page';
import { legalPageSlugs } from '#shared/schemas/legal-page';
import { paths } from '../lib/paths';
import { FlagGate } from './feature-flags';
import {
  AdminLeaderboardPage,
  AdminModerationPage,
  AdminPage,
  AdminReportsPage,
  AdminUserPage,
} from './routes/admin';
import { AdminBannerPage, AdminBannersPage } from './routes/admin-banners';
import { AgeVerificationPage } from './routes/age-verification';
import { AgeVerificationCallbackPage } from './routes/age-verification-callback';
import { BlockedCreatorsPage } from './routes/blocked-creators';
import { PersonaCreatePage, PersonaEditPage, PersonasPage } from './routes/personas';
import { ChatPage } from './routes/chat';
import { ChatWithCharacterPage } from './routes/chat-with-character';
import { RecentChatsPage, SavedChatsPage } from './routes/chats';
import { ChatbotCreatePage, ChatbotDraftPage, ChatbotEditPage } from './routes/chatbot-editor';
import { ChatbotProfilePage } from './routes/chatbot-profile';
import {
  GroupCreatePage,
  GroupDraftPage,
  GroupDraftsPage,
  GroupEditPage,
  GroupMembersPage,
  MyGroupChatsPage,
} from './routes/group-chat';
import { GroupChatPage } from './routes/group-chat-screen';
import { HomePage } from './routes/home';
import { CreatorPage, FavoriteBotsPage, RecommendedBotsPage } from './routes/library-pages';
import { LegalPageRoute } from './routes/legal';
import { InvalidAccountPage } from './routes/invalid-account';
import { ExternalSignupPage } from './routes/external-signup';
import {
  LorebookCreatePage,
  LorebookEditPage,
  LorebookPage,
  MyLorebooksPage,
} from './routes/lorebooks';
import { MyChatbotDraftsPage, MyChatbotsPage } from './routes/my-chatbots';
import { ForbiddenPage } from './routes/forbidden';
import { NotFoundPage, UserNotFoundPage } from './routes/not-found';
import { LinkPage, ManageSubscriptionPage, PortalPage } from './routes/portal';
import { ProfilePage } from './routes/profile';
import { ReportPage } from './routes/report';
import { SignupPage } from './routes/signup';
import { SalePage, SubscribePage } from './routes/subscribe';
import { CheckoutPage, CheckoutSuccessPage, SubscribeCryptoPage } from './routes/checkout';
import { PlanComparisonPage } from './routes/plan-comparison';
import { WelcomePage, WelcomePledgePage } from './routes/welcome';
import { UpdateEmailPage } from './routes/update-email';
import { UnsubscribePage } from './routes/unsubscribe';
import { LeaderboardPage } from './routes/leaderboard';

/** The brand's switched-off sections are not found (a spinner while the settings load). */
export function AppRouter() {
  const [location] = useLocation();
  const isOff = useIsPageOff(location);
  if (isOff === true) return <NotFoundPage />;
  if (isOff === null) {
    return (
      <Page>
        <Spinner label="Loading" />
      </Page>
    );
  }
  return <Routes />;
}

function Routes() {
  return (
    <Switch>
      <Route path={paths.home.pattern} component={HomePage} />
      <Route path={paths.recommendedBots.pattern} component={RecommendedBotsPage} />
      <Route path={paths.favoriteBots.pattern} component={FavoriteBotsPage} />
      <Route path={paths.creator.pattern}>
        {(params) => <CreatorPage username={params.username} />}
      </Route>
      {/* The fixed /chatbot/… and /chat/… paths come before the id patterns that would take them. */}
      <Route path={paths.chatbotCreate.pattern}>
        <ChatbotCreatePage />
      </Route>
      <Route path={paths.chatbotDraft.pattern}>
        {(params) => <ChatbotDraftPage draftId={params.draftId} />}
      </Route>
      <Route path={paths.chatbotEdit.pattern}>
        {(params) => <ChatbotEditPage characterId={params.characterId} />}
      </Route>
      {paths.legacyCreate.patterns.map((pattern) => (
        <Route key={pattern} path={pattern}>
          <Redirect to={paths.chatbotCreate.build()} replace />
        </Route>
      ))}
      {/* Group chats live behind the groupchat flag: while it is off their pages do not exist. */}
      <Route path={paths.myGroupChats.pattern}>
        <FlagGate flag="groupchat">
          <MyGroupChatsPage />
        </FlagGate>
      </Route>
      <Route path={paths.groupDrafts.pattern}>
        <FlagGate flag="groupchat">
          <GroupDraftsPage />
        </FlagGate>
      </Route>
      <Route path={paths.groupCreate.pattern}>
        <FlagGate flag="groupchat">
          <GroupCreatePage />
        </FlagGate>
      </Route>
      <Route path={paths.groupMembers.pattern}>
        <FlagGate flag="groupchat">
          <GroupMembersPage />
        </FlagGate>
      </Route>
      <Route path={paths.groupDraft.pattern}>
        {(params) => (
          <FlagGate flag="groupchat">
            <GroupDraftPage draftId={params.draftId} />
          </FlagGate>
        )}
      </Route>
      <Route path={paths.groupEdit.pattern}>
        <FlagGate flag="groupchat">
          <GroupEditPage />
        </FlagGate>
      </Route>
      <Route path={paths.groupChat.pattern}>
        {(params) => (
          <FlagGate flag="groupchat">
            <GroupChatPage characterId={params.characterId} />
          </FlagGate>
        )}
      </Route>
      <Route path={paths.myChatbots.pattern} component={MyChatbotsPage} />
      <Route path={paths.myChatbotDrafts.pattern} component={MyChatbotDraftsPage} />
      <Route path={paths.myLorebooks.pattern} component={MyLorebooksPage} />
      <Route path={paths.lorebookCreate.pattern} component={LorebookCreatePage} />
      <Route path={paths.lorebookEdit.pattern}>
        {(params) => <LorebookEditPage id={params.id} />}
      </Route>
      <Route path={paths.lorebook.pattern}>{(params) => <LorebookPage id={params.id} />}</Route>
      <Route path={paths.chatbot.pattern}>
        {(params) => <ChatbotProfilePage id={params.id} />}
      </Route>
      <Route path={paths.chatWithCharacter.pattern}>
        {(params) => <ChatWithCharacterPage characterId={params.characterId} />}
      </Route>
      <Route path={paths.chat.pattern}>
        {(params) => (
          <ChatPage characterId={params.characterId} conversationId={params.conversationId} />
        )}
      </Route>
      <Route path={paths.chats.pattern} component={RecentChatsPage} />
      <Route path={paths.savedChats.pattern}>
        {(params) => <SavedChatsPage characterId={params.characterId} />}
      </Route>
      <Route path={paths.ageVerification.pattern} component={AgeVerificationPage} />
      <Route path={paths.ageVerificationCallback.pattern} component={AgeVerificationCallbackPage} />
      <Route path={paths.profile.pattern} component={ProfilePage} />
      <Route path={paths.signup.pattern} component={SignupPage} />
      <Route path={paths.externalSignup.pattern} component={ExternalSignupPage} />
      <Route path={paths.updateEmail.pattern} component={UpdateEmailPage} />
      <Route path={paths.unsubscribe.pattern} component={UnsubscribePage} />
      <Route path={paths.subscribe.pattern} component={SubscribePage} />
      <Route path={paths.sale.pattern} component={SalePage} />
      <Route path={paths.planComparison.basePattern}>
        <Redirect to={paths.planComparison.build('annual')} replace />
      </Route>
      <Route path={paths.planComparison.pattern}>
        {(params) => <PlanComparisonPage frequency={params.frequency} />}
      </Route>
      <Route path={paths.checkoutSuccess.pattern} component={CheckoutSuccessPage} />
      <Route path={paths.checkout.pattern} component={CheckoutPage} />
      <Route path={paths.subscribeCrypto.pattern} component={SubscribeCryptoPage} />
      <Route path={paths.welcomePledge.pattern} component={WelcomePledgePage} />
      <Route path={paths.welcome.pattern} component={WelcomePage} />
      <Route path={paths.portal.pattern} component={PortalPage} />
      <Route path={paths.manageSubscription.pattern} component={ManageSubscriptionPage} />
      <Route path={paths.link.patterns[0]}>
        {(params) => <LinkPage service={params.service} />}
      </Route>
      <Route path={paths.link.patterns[1]}>
        {(params) => <LinkPage service={params.service} transientId={params.transientId} />}
      </Route>
      {legalPageSlugs.map((slug) => (
        <Route key={slug} path={paths.legal.build(slug)}>
          <LegalPageRoute slug={slug} />
        </Route>
      ))}
      <Route path={paths.blockedCreators.pattern} component={BlockedCreatorsPage} />
      <Route path={paths.personas.pattern} component={PersonasPage} />
      <Route path={paths.personasCreate.pattern} component={PersonaCreatePage} />
      <Route path={paths.personasEdit.pattern} component={PersonaEditPage} />
      <Route path={paths.report.patterns[0]}>{() => <ReportPage />}</Route>
      <Route path={paths.report.patterns[1]}>
        {(params) => <ReportPage characterId={params.characterId} />}
      </Route>
      <Route path={paths.accessDenied.pattern} component={ForbiddenPage} />
      <Route path={paths.userNotFound.pattern} component={UserNotFoundPage} />
      <Route path={paths.invalidAccount.pattern} component={InvalidAccountPage} />
      <Route path={paths.admin.pattern} component={AdminPage} />
      <Route path={paths.adminReports.pattern} component={AdminReportsPage} />
      <Route path={paths.adminModeration.pattern} component={AdminModerationPage} />
      <Route path={paths.adminUser.pattern}>{(params) => <AdminUserPage id={params.id} />}</Route>
      <Route path={paths.creatorsLeaderboard.pattern} component={LeaderboardPage} />
      <Route path={paths.adminLeaderboard.pattern} component={AdminLeaderboardPage} />
      <Route path={paths.adminBanners.pattern} component={AdminBannersPage} />
      <Route path={paths.adminBannerNew.pattern}>{() => <AdminBannerPage id={null} />}</Route>
      <Route path={paths.adminBanner.pattern}>
        {(params) => <AdminBannerPage id={params.id} />}
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
