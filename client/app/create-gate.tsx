/**
 * The gate of the chatbot and group create and edit pages (product-core.md §2, product-rules.md §2): a
 * guest sees the page's teaser with a way to sign in; a member needs create_character (the route guard
 * answers everyone else) and the page is given their id.
 */
import type { ReactNode } from 'react';
import { Spinner } from '../components/spinner';
import { useMemberId, useSession } from '../lib/session';
import { useOpenSignIn, type SignInReason } from '../lib/sign-in-request';
import { Page } from './layouts/page';
import { RequirePermission } from './route-guard';

export function CreateGate({
  teaser,
  reason,
  children,
}: {
  /** What a guest sees, given the action that opens sign-in. */
  teaser: (openSignIn: () => void) => ReactNode;
  /** What the Sign In dialog says the guest is signing up for. */
  reason: SignInReason;
  children: (memberId: string) => ReactNode;
}) {
  const session = useSession();
  const memberId = useMemberId();
  const openSignIn = useOpenSignIn();
  if (session.status === 'guest') {
    return (
      <Page>
        {teaser(() => {
          openSignIn(reason);
        })}
      </Page>
    );
  }
  return (
    <RequirePermission permission="create_character">
      {memberId === null ? <Spinner label="Loading" /> : <Page>{children(memberId)}</Page>}
    </RequirePermission>
  );
}
