import { useSetAtom } from 'jotai';
import styled from 'styled-components';
import {
  themeChoiceAtom,
  toggledThemeChoice,
  useSystemThemeName,
  useThemeName,
} from '../theme-choice';

/**
 * Switches between the light and dark theme; the choice is remembered. Switching back to the system's
 * scheme follows the system again (its label says so).
 */
export function ThemeToggle() {
  const name = useThemeName();
  const system = useSystemThemeName();
  const setChoice = useSetAtom(themeChoiceAtom);
  const next = name === 'dark' ? 'light' : 'dark';
  const choice = toggledThemeChoice(name, system);
  const label = `Switch to ${next} theme${choice === null ? ' (follow the system)' : ''}`;
  return (
    <ToggleButton
      type="button"
      aria-label={label}
      title={label}
      onClick={() => {
        setChoice(choice);
      }}
    >
      {name === 'dark' ? (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <path
            d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11z" fill="currentColor" />
        </svg>
      )}
    </ToggleButton>
  );
}

const ToggleButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: ${({ theme }) => theme.size.iconButton};
  height: ${({ theme }) => theme.size.iconButton};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;
