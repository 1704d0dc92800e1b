/**
 * /personas/create (product-rules.md §5 "Persona": creating is blocked by a persona-limit check by
 * role; issue 28 §6): the allowance is checked before the form shows, so a member at their plan's
 * limit learns it before typing, not on save; below it the form says how many they have left.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import { tierNameOf } from '#shared/rules/plans';
import { ButtonAnchor } from '../../../components/button';
import { FieldNote } from '../../../components/form-controls';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { useMe } from '../../../lib/member';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchPersonas } from '../api';
import { canUpgradeFrom, limitText } from './limit-dialog';
import { PersonaEditor } from './persona-editor';

export function PersonaCreate() {
  const { api } = useServices();
  const me = useMe();
  const list = useQuery('personas:create', (signal) => fetchPersonas(api, signal));
  const role = me?.role ?? 'free_tier';

  if (list.status === 'loading') return <Spinner label="Loading personas" />;
  if (list.status === 'error') {
    return <ErrorState message={errorText(list.error)} onRetry={list.retry} />;
  }
  const { items, limit } = list.data;
  if (items.length >= limit) {
    return (
      <Notice aria-labelledby="persona-limit-title">
        <h2 id="persona-limit-title">Limit Reached</h2>
        <p>{limitText(limit, role)}</p>
        <Buttons>
          <Link href={paths.personas.build()} asChild>
            <ButtonAnchor>Back to My Personas</ButtonAnchor>
          </Link>
          {canUpgradeFrom(role) && (
            <Link href={paths.subscribe.build()} asChild>
              <ButtonAnchor $variant="primary">Upgrade</ButtonAnchor>
            </Link>
          )}
        </Buttons>
      </Notice>
    );
  }
  const left = limit - items.length;
  return (
    <>
      <Allowance>
        {`You have ${String(items.length)} of ${String(limit)} personas in the ${tierNameOf(role)} tier; ${String(left)} more can be created.`}
      </Allowance>
      <PersonaEditor persona={null} />
    </>
  );
}

const Notice = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const Allowance = styled(FieldNote)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;
