/** /personas, /personas/create and /personas/edit?personaId=…: members only (the guard asks guests to sign in). */
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { IdParamsSchema } from '#shared/api/characters';
import { fetchPersona } from '../../features/personas/api';
import { PersonaCreate } from '../../features/personas/components/persona-create';
import { PersonaEditor } from '../../features/personas/components/persona-editor';
import { PersonaList } from '../../features/personas/components/persona-list';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { returnPath } from '../../lib/paths';
import { useServices } from '../../lib/services';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';
import { NotFoundPage } from './not-found';

export function PersonasPage() {
  useDocumentTitle('My Personas');
  const params = new URLSearchParams(useSearch());
  const back = returnPath(params.get('back'));
  const character = params.get('character');
  return (
    <RequirePermission permission="view_auth">
      <Page>
        <Title>My Personas</Title>
        <PersonaList
          back={back !== null && character !== null ? { path: back, character } : null}
        />
      </Page>
    </RequirePermission>
  );
}

export function PersonaCreatePage() {
  useDocumentTitle('Create Persona');
  return (
    <RequirePermission permission="view_auth">
      <Page>
        <Narrow>
          <Title>Create Persona</Title>
          <PersonaCreate />
        </Narrow>
      </Page>
    </RequirePermission>
  );
}

export function PersonaEditPage() {
  useDocumentTitle('Edit Persona');
  const personaId = new URLSearchParams(useSearch()).get('personaId') ?? '';
  return (
    <RequirePermission permission="view_auth">
      {IdParamsSchema.safeParse({ id: personaId }).success ? (
        <EditLoader personaId={personaId} />
      ) : (
        <NotFoundPage />
      )}
    </RequirePermission>
  );
}

function EditLoader({ personaId }: { personaId: string }) {
  const { api } = useServices();
  const persona = useQuery(`persona:${personaId}`, (signal) =>
    fetchPersona(api, personaId, signal),
  );
  if (
    persona.status === 'error' &&
    (isNotFound(persona.error) || persona.error.code === 'persona_not_found')
  ) {
    return <NotFoundPage />;
  }
  return (
    <Page>
      <Narrow>
        <Title>Edit Persona</Title>
        {persona.status === 'loading' && <Spinner label="Loading persona" />}
        {persona.status === 'error' && (
          <ErrorState message={errorText(persona.error)} onRetry={persona.retry} />
        )}
        {persona.status === 'success' && <PersonaEditor persona={persona.data} />}
      </Narrow>
    </Page>
  );
}

const Narrow = styled.div`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
