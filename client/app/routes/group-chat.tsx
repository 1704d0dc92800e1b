/**
 * Group chat screens (product-rules.md §2): /my-chatbots/groupchats, /groupchat/create(/{draftId}),
 * /groupchat/create/members, /groupchat/edit and /groupchat/drafts. Guests see a sign-in prompt on
 * create; members need create_character to create and view_my_chat_bots for their lists.
 */
import { useSearch } from 'wouter';
import { fetchOwnGroup } from '../../features/group-chat/api';
import { GroupForm } from '../../features/group-chat/components/group-form';
import { MemberPicker } from '../../features/group-chat/components/member-picker';
import { GroupDraftList, MyGroups } from '../../features/group-chat/components/my-groups';
import { loadGroupDraft } from '../../features/group-chat/drafts';
import { emptyGroupValues, valuesFromGroup } from '../../features/group-chat/form-values';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useServices } from '../../lib/services';
import { useMemberId } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { useRenderRestricted } from '../character-menu';
import { CreateGate } from '../create-gate';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';
import { MyChatbotsTabs } from './my-chatbots-tabs';
import { NotCreatorPage } from './forbidden';
import { NotFoundPage } from './not-found';

/** What a guest sees on the group create pages: a sign-in prompt (product-rules.md §2). */
function groupTeaser(openSignIn: () => void) {
  return (
    <>
      <h1>Create Group</h1>
      <p>Sign in to create group chats.</p>
      <Button $variant="primary" onClick={openSignIn}>
        Sign in
      </Button>
    </>
  );
}

export function GroupCreatePage() {
  useDocumentTitle('Create Group');
  const renderRestricted = useRenderRestricted();
  return (
    <CreateGate teaser={groupTeaser} reason="createGroup">
      {(memberId) => (
        <GroupForm
          memberId={memberId}
          mode={{ kind: 'create', draftId: null }}
          initial={emptyGroupValues()}
          returnTo={paths.groupCreate.build()}
          renderRestricted={renderRestricted}
        />
      )}
    </CreateGate>
  );
}

export function GroupDraftPage({ draftId }: { draftId: string }) {
  useDocumentTitle('Create Group');
  const renderRestricted = useRenderRestricted();
  return (
    <CreateGate teaser={groupTeaser} reason="createGroup">
      {(memberId) => {
        const draft = loadGroupDraft(memberId, draftId);
        if (draft === null) return <NotFoundPage />;
        return (
          <GroupForm
            key={draftId}
            memberId={memberId}
            mode={{ kind: 'create', draftId }}
            initial={draft.values}
            returnTo={paths.groupDraft.build(draftId)}
            renderRestricted={renderRestricted}
          />
        );
      }}
    </CreateGate>
  );
}

export function GroupMembersPage() {
  useDocumentTitle('Add Members');
  return (
    <CreateGate teaser={groupTeaser} reason="createGroup">
      {() => <MemberPicker />}
    </CreateGate>
  );
}

function EditLoader({ memberId, id }: { memberId: string; id: string }) {
  const { api } = useServices();
  const group = useQuery(`own-group:${id}`, (signal) => fetchOwnGroup(api, id, signal));
  const renderRestricted = useRenderRestricted();
  if (group.status === 'loading') return <Spinner label="Loading group" />;
  if (group.status === 'error') {
    if (group.error.code === 'character_not_owner') {
      return <NotCreatorPage documentTitle="Edit Group" />;
    }
    if (isNotFound(group.error)) return <NotFoundPage />;
    return <ErrorState message={errorText(group.error)} onRetry={group.retry} />;
  }
  if (group.data.group === undefined) return <NotFoundPage />;
  return (
    <GroupForm
      key={group.data.updatedAt}
      memberId={memberId}
      mode={{ kind: 'edit', group: group.data }}
      initial={valuesFromGroup(group.data)}
      returnTo={paths.groupEdit.build(id)}
      renderRestricted={renderRestricted}
    />
  );
}

export function GroupEditPage() {
  useDocumentTitle('Edit Group');
  const id = new URLSearchParams(useSearch()).get('characterId');
  return (
    <CreateGate teaser={groupTeaser} reason="createGroup">
      {(memberId) => (id === null ? <NotFoundPage /> : <EditLoader memberId={memberId} id={id} />)}
    </CreateGate>
  );
}

export function MyGroupChatsPage() {
  useDocumentTitle('My Group Chats');
  const memberId = useMemberId();
  const renderRestricted = useRenderRestricted();
  return (
    <RequirePermission permission="view_my_chat_bots">
      <Page>
        <MyChatbotsTabs current="groupchats" />
        {memberId !== null && <MyGroups memberId={memberId} renderRestricted={renderRestricted} />}
      </Page>
    </RequirePermission>
  );
}

export function GroupDraftsPage() {
  useDocumentTitle('Group Drafts');
  const memberId = useMemberId();
  return (
    <RequirePermission permission="view_my_chat_bots">
      <Page>{memberId !== null && <GroupDraftList memberId={memberId} />}</Page>
    </RequirePermission>
  );
}
