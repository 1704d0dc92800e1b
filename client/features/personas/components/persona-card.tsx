/** A persona as a card: avatar, name, highlights and the Default badge (grid and choice share it). */
import styled from 'styled-components';
import type { Persona } from '#shared/schemas/persona';
import { Avatar } from '../../../components/avatar';

export function PersonaSummary({ persona }: { persona: Persona }) {
  return (
    <>
      <Avatar src={persona.avatarUrl} name={persona.name} size="lg" alt="" />
      <Name>
        {persona.name}
        {persona.isDefault && <Badge>Default</Badge>}
      </Name>
      <Highlights>{persona.highlights}</Highlights>
    </>
  );
}

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

export const Badge = styled.span`
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Highlights = styled.span`
  display: -webkit-box;
  overflow: hidden;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
`;

/** The spec's grid: cards at least 180 px wide. */
export const PersonaGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  padding: 0;
  list-style: none;
`;

export const CardFrame = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  height: 100%;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  text-align: center;
`;

/** The radio cards of a persona choice (before a chat, Change Persona). */
export const PersonaChoices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  max-height: 50dvh;
  margin-bottom: ${({ theme }) => theme.space.md};
  overflow-y: auto;
`;

export const PersonaOption = styled.label<{ $isChosen: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.sm};
  border: 2px solid
    ${({ theme, $isChosen }) => ($isChosen ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  text-align: center;

  input {
    position: absolute;
    opacity: 0;
  }

  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
