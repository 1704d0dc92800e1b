/** The profile's line about the member's plan, with the way to manage or upgrade it. */
import { Link } from 'wouter';
import styled from 'styled-components';
import { ButtonAnchor } from '../../../components/button';
import { useMe } from '../../../lib/member';
import { paths } from '../../../lib/paths';

/**
 * Where the profile leads to the member's subscription (card subscriptions are cancelled from the
 * profile, product-rules.md §9): Manage Subscription when there is one, else the plans.
 */
export function ManageSubscriptionLink() {
  const me = useMe();
  const hasSubscription = me?.subscription != null;
  return (
    <SubscriptionRow>
      <span>{hasSubscription ? 'You have a subscription.' : 'You are on the free plan.'}</span>
      <Link
        href={hasSubscription ? paths.manageSubscription.build() : paths.subscribe.build()}
        asChild
      >
        <ButtonAnchor>{hasSubscription ? 'Manage Subscription' : 'Upgrade'}</ButtonAnchor>
      </Link>
    </SubscriptionRow>
  );
}

const SubscriptionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;
