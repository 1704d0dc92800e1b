/**
 * Who the member is in a chat (product-core.md, "Personas"): the persona choice before a new chat
 * (unless they hid it), the persona a new chat starts with, and Change Persona in the chat's menu with
 * its dialog. Guests have no personas, so for them this offers nothing.
 */
import { useState } from 'react';
import type { Persona } from '#shared/schemas/persona';
import type { MenuItem } from '../../../components/menu';
import { useMe } from '../../../lib/member';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchConversationPersonaId, fetchPersonas, setChoiceShown } from '../api';
import { ChangePersonaDialog } from '../components/change-persona-dialog';
import { PersonaChoice } from '../components/persona-choice';

export function useChatPersona({
  characterName,
  isNew,
  conversationId = null,
  backPath,
}: {
  characterName: string;
  /** A fresh conversation: the choice comes before it. */
  isNew: boolean;
  /** The conversation on screen, once it exists: whose persona its messages are shown with. */
  conversationId?: string | null;
  /** Where the persona editor returns to. */
  backPath: string;
}) {
  const { api } = useServices();
  const me = useMe();
  const isMember = me !== null;
  const personas = useQuery(`chat-personas:${isMember ? me.id : 'guest'}`, (signal) =>
    isMember ? fetchPersonas(api, signal) : Promise.resolve(null),
  );
  const [chosen, setChosen] = useState<Persona | null>(null);
  const [changingId, setChangingId] = useState<string | null>(null);
  /** Bumped by Change Persona, so the conversation's persona is read again. */
  const [changes, setChanges] = useState(0);
  const list = personas.status === 'success' ? personas.data : null;
  const shownId = isMember && !isNew ? conversationId : null;
  const conversationPersona = useQuery(
    `conversation-persona:${shownId ?? ''}:${String(changes)}`,
    (signal) =>
      shownId === null ? Promise.resolve(null) : fetchConversationPersonaId(api, shownId, signal),
  );
  const newChatPersona = chosen ?? list?.items.find((p) => p.isDefault) ?? null;
  // Until the conversation's persona is read (just after the first send), the one it started with.
  const activePersona =
    shownId !== null && conversationPersona.status === 'success'
      ? (list?.items.find((p) => p.id === conversationPersona.data) ?? null)
      : newChatPersona;

  const choice =
    isNew && chosen === null && list !== null && list.isChoiceShown && list.items.length > 0 ? (
      <PersonaChoice
        characterName={characterName}
        personas={list.items}
        backPath={backPath}
        onChoose={(persona, isHiddenFromNow) => {
          setChosen(persona);
          if (isHiddenFromNow) void setChoiceShown(api, false);
        }}
      />
    ) : null;

  const menuItems = (conversationId: string | null): MenuItem[] =>
    isMember && conversationId !== null
      ? [
          {
            label: 'Change Persona',
            onSelect: () => {
              setChangingId(conversationId);
            },
          },
        ]
      : [];

  const dialog =
    changingId === null ? null : (
      <ChangePersonaDialog
        conversationId={changingId}
        characterName={characterName}
        backPath={backPath}
        onChanged={() => {
          setChanges((n) => n + 1);
        }}
        onClose={() => {
          setChangingId(null);
        }}
      />
    );

  return {
    /** Shown instead of the chat until the member picks who they are. */
    choice,
    /** Who the user is in a new chat: the one chosen, else the default. */
    persona: newChatPersona,
    /** Whom the user's messages are shown as: the conversation's persona (none: no persona). */
    activePersona,
    menuItems,
    dialog,
  };
}
