/**
 * The queue dashboard is served by the server itself (Bull Board, admins only), not by this app, so
 * this is a plain anchor: a full page load, never wouter navigation.
 */
import { paths } from '../../../app/paths';
import { ButtonAnchor } from '../../../components/button';

export function QueueDashboardLink() {
  return (
    <ButtonAnchor href={paths.adminQueues.build()} $variant="secondary" $size="sm">
      Queue dashboard
    </ButtonAnchor>
  );
}
