/**
 * The persona choice before a new chat (product-core.md, "Chat screen"): 'Who is going to chat with
 * {character}', a name-prefix search, Manage Personas, the cards with the default first and its badge,
 * "Don't show this again", and 'Chat with {character}'.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { filterByNamePrefix } from '#shared/rules/persona';
import type { Persona } from '#shared/schemas/persona';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { Input } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { paths } from '../../../lib/paths';
import { PersonaChoices, PersonaOption, PersonaSummary } from './persona-card';

export function PersonaChoice({
  characterName,
  personas,
  backPath,
  onChoose,
}: {
  characterName: string;
  /** The member's personas, the default first. */
  personas: readonly Persona[];
  /** Where Manage Personas' 'Go Back to {character}' returns to. */
  backPath: string;
  onChoose: (persona: Persona, isHiddenFromNow: boolean) => void;
}) {
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState(personas[0]?.id ?? null);
  const [isHidden, setIsHidden] = useState(false);
  const shown = filterByNamePrefix(personas, search);
  const chosen = personas.find((p) => p.id === chosenId) ?? null;
  return (
    <Modal
      title={`Who is going to chat with ${characterName}`}
      onClose={() => {
        if (chosen !== null) onChoose(chosen, isHidden);
      }}
      actions={
        <Button
          $variant="primary"
          disabled={chosen === null}
          onClick={() => {
            if (chosen !== null) onChoose(chosen, isHidden);
          }}
        >
          Chat with {characterName}
        </Button>
      }
    >
      <Top>
        <Input
          type="search"
          aria-label="Search personas by name"
          placeholder="Search personas..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
          }}
        />
        <Link href={paths.personas.build({ path: backPath, character: characterName })}>
          Manage Personas
        </Link>
      </Top>
      <PersonaChoices role="radiogroup" aria-label="Personas">
        {shown.map((persona) => (
          <PersonaOption key={persona.id} $isChosen={persona.id === chosenId}>
            <input
              type="radio"
              name="persona"
              aria-label={persona.name}
              checked={persona.id === chosenId}
              onChange={() => {
                setChosenId(persona.id);
              }}
            />
            <PersonaSummary persona={persona} />
          </PersonaOption>
        ))}
        {shown.length === 0 && <p>No Results Found !</p>}
      </PersonaChoices>
      <CheckboxField label="Don't show this again" checked={isHidden} onChange={setIsHidden} />
    </Modal>
  );
}

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
`;
