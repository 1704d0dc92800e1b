/**
 * A row of tabs (WAI-ARIA tabs pattern): a real tablist where only the selected tab is in the tab order
 * and the arrow keys, Home and End move the selection. The caller owns the selected value and renders
 * the panel, giving it `tabPanelProps(idBase, value)`.
 */
import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';

export interface TabOption<V extends string> {
  value: V;
  label: string;
}

interface TabsProps<V extends string> {
  label: string;
  /** Prefix of the tab and panel ids, unique on the page. */
  idBase: string;
  options: readonly TabOption<V>[];
  value: V;
  onChange: (value: V) => void;
}

const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
const panelId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

/** What the panel of the selected tab carries. */
export function tabPanelProps(idBase: string, value: string) {
  return {
    role: 'tabpanel',
    id: panelId(idBase, value),
    'aria-labelledby': tabId(idBase, value),
  } as const;
}

/** The index a key moves to from `index` among `count` tabs, or null for other keys. */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function Tabs<V extends string>({ label, idBase, options, value, onChange }: TabsProps<V>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTabIndex(event.key, index, options.length);
    const option = next === null ? undefined : options[next];
    if (next === null || option === undefined) return;
    event.preventDefault();
    onChange(option.value);
    refs.current[next]?.focus();
  };
  return (
    <List role="tablist" aria-label={label}>
      {options.map((option, index) => {
        const isSelected = option.value === value;
        return (
          <Tab
            key={option.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idBase, option.value)}
            aria-selected={isSelected}
            aria-controls={panelId(idBase, option.value)}
            tabIndex={isSelected ? 0 : -1}
            $isSelected={isSelected}
            onClick={() => {
              onChange(option.value);
            }}
            onKeyDown={(event) => {
              onKeyDown(event, index);
            }}
          >
            {option.label}
          </Tab>
        );
      })}
    </List>
  );
}

const List = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.xxs};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const Tab = styled.button<{ $isSelected: boolean }>`
  min-height: ${({ theme }) => theme.size.avatar.sm};
  padding: 0 ${({ theme }) => theme.space.lg};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $isSelected, theme }) => ($isSelected ? theme.color.primary : 'transparent')};
  color: ${({ $isSelected, theme }) => ($isSelected ? theme.color.onPrimary : theme.color.text)};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
`;
