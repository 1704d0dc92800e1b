/**
 * Change Persona in a chat (product-core.md, "Chat screen" modals): pick another of the member's
 * personas for this conversation, warned that earlier names in messages or memories stay as written.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { changeConversationPersona, fetchConversationPersonaId, fetchPersonas } from '../api';
import { PersonaChoices, PersonaOption, PersonaSummary } from './persona-card';

export const changePersonaWarning =
  'Changing your persona does not update earlier messages or memories: names your previous persona used there stay as they are.';

export function ChangePersonaDialog({
  conversationId,
  characterName,
  backPath,
  onChanged,
  onClose,
}: {
  conversationId: string;
  characterName: string;
  backPath: string;
  /** The conversation has another persona now. */
  onChanged?: () => void;
  onClose: () => void;
}) {
  const { api } = useServices();
  const toast = useToast();
  const data = useQuery(`change-persona:${conversationId}`, async (signal) => {
    const [list, currentId] = await Promise.all([
      fetchPersonas(api, signal),
      fetchConversationPersonaId(api, conversationId, signal),
    ]);
    return { personas: list.items, currentId };
  });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const currentId = data.status === 'success' ? data.data.currentId : null;
  const selected = chosenId ?? currentId;

  const save = async () => {
    if (selected === null) return;
    setIsSaving(true);
    try {
      await changeConversationPersona(api, conversationId, selected);
      toast('Persona changed');
      onChanged?.();
      onClose();
    } catch (err) {
      toast(errorText(toApiError(err)), 'error');
      setIsSaving(false);
    }
  };

  return (
    <Modal
      title="Change Persona"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            $variant="primary"
            disabled={selected === null || selected === currentId || isSaving}
            aria-busy={isSaving}
            onClick={() => {
              void save();
            }}
          >
            Change Persona
          </Button>
        </>
      }
    >
      <Warning role="note">{changePersonaWarning}</Warning>
      {data.status === 'loading' && <Spinner label="Loading personas" />}
      {data.status === 'error' && (
        <ErrorState message={errorText(data.error)} onRetry={data.retry} />
      )}
      {data.status === 'success' && data.data.personas.length === 0 && (
        <p>
          You have no personas yet.{' '}
          <Link href={paths.personas.build({ path: backPath, character: characterName })}>
            Manage Personas
          </Link>
        </p>
      )}
      {data.status === 'success' && data.data.personas.length > 0 && (
        <PersonaChoices role="radiogroup" aria-label="Personas">
          {data.data.personas.map((persona) => (
            <PersonaOption key={persona.id} $isChosen={persona.id === selected}>
              <input
                type="radio"
                name="change-persona"
                aria-label={persona.name}
                checked={persona.id === selected}
                onChange={() => {
                  setChosenId(persona.id);
                }}
              />
              <PersonaSummary persona={persona} />
            </PersonaOption>
          ))}
        </PersonaChoices>
      )}
    </Modal>
  );
}

const Warning = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSurface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
