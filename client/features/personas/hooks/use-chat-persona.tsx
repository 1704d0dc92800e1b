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
import { fetchPersonas, setChoiceShown } from '../api';
import { ChangePersonaDialog } from '../components/change-persona-dialog';
import { PersonaChoice } from '../components/persona-choice';

export function useChatPersona({
  characterName,
  isNew,
  backPath,
}: {
  characterName: string;
  /** A fresh conversation: the choice comes before it. */
  isNew: boolean;
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
  const list = personas.status === 'success' ? personas.data : null;

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
        onClose={() => {
          setChangingId(null);
        }}
      />
    );

  return {
    /** Shown instead of the chat until the member picks who they are. */
    choice,
    /** Who the user is in a new chat: the one chosen, else the default. */
    persona: chosen ?? list?.items.find((p) => p.isDefault) ?? null,
    menuItems,
    dialog,
  };
}
