/**
 * A menu button (WAI-ARIA menu button pattern): a button that opens a list of actions. Arrow keys move
 * between items, Home/End jump, Escape and Tab close it, and focus returns to the button on Escape or a
 * choice. Items are buttons or links; a choice closes the menu before it runs.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';

export interface MenuItem {
  label: string;
  /** Runs on choice, for an item that is a button. */
  onSelect?: () => void;
  /** Makes the item a link to this path of the app instead, or to another site (http, https). */
  href?: string;
  tone?: 'normal' | 'danger';
}

interface MenuProps {
  /** The button's accessible name ("More actions for Aria"). */
  label: string;
  /** What the button shows (an icon); hidden from screen readers, which read `label`. */
  icon: ReactNode;
  items: readonly MenuItem[];
  /** Where the list opens: under the button's end edge (default) or its start. */
  align?: 'end' | 'start';
}

export function Menu({ label, icon, items, align = 'end' }: MenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);

  const itemElements = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!isOpen) return;
    itemElements()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapperRef.current?.contains(event.target)) {
        setIsOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen]);

  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const elements = itemElements();
    const index = elements.findIndex((el) => el === document.activeElement);
    const focusAt = (i: number) => {
      elements[(i + elements.length) % elements.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(elements.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        break;
    }
  };

  return (
    <Wrapper ref={wrapperRef}>
      <IconButton
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => {
          setIsOpen((open) => !open);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
      >
        <span aria-hidden="true">{icon}</span>
      </IconButton>
      {isOpen && (
        <List
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={label}
          $align={align}
          onKeyDown={onKeyDown}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              {item.href !== undefined && /^https?:\/\//i.test(item.href) ? (
                <ItemLink
                  role="menuitem"
                  tabIndex={-1}
                  $tone={item.tone ?? 'normal'}
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => {
                    close(false);
                  }}
                >
                  {item.label}
                </ItemLink>
              ) : item.href !== undefined ? (
                // The Link takes the click (it replaces the child's onClick), so it closes the menu.
                <Link
                  href={item.href}
                  asChild
                  onClick={() => {
                    close(false);
                  }}
                >
                  <ItemLink role="menuitem" tabIndex={-1} $tone={item.tone ?? 'normal'}>
                    {item.label}
                  </ItemLink>
                </Link>
              ) : (
                <ItemButton
                  role="menuitem"
                  type="button"
                  tabIndex={-1}
                  $tone={item.tone ?? 'normal'}
                  onClick={() => {
                    close(true);
                    item.onSelect?.();
                  }}
                >
                  {item.label}
                </ItemButton>
              )}
            </li>
          ))}
        </List>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  position: relative;
  display: inline-flex;
`;

/** A round icon-only button, the size of a touch target. */
export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.size.iconButton};
  height: ${({ theme }) => theme.size.iconButton};
  padding: 0;
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.lg};
  line-height: 1;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.surfaceHover};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const List = styled.ul<{ $align: 'end' | 'start' }>`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space.xs});
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndex.menu};
  min-width: 190px;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 12px 32px ${({ theme }) => theme.color.shadow};
  list-style: none;

  /* On a phone the list is a sheet along the bottom edge, so no card's corner pushes it off screen. */
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    position: fixed;
    top: auto;
    right: ${({ theme }) => theme.space.sm};
    bottom: ${({ theme }) => theme.space.sm};
    left: ${({ theme }) => theme.space.sm};
    z-index: ${({ theme }) => theme.zIndex.modal};
  }
`;

const ItemButton = styled.button<{ $tone: 'normal' | 'danger' }>`
  display: block;
  width: 100%;
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.md};
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.danger : theme.color.text)};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: left;
  white-space: nowrap;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;

const ItemLink = styled.a<{ $tone: 'normal' | 'danger' }>`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.danger : theme.color.text)};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-decoration: none;
  white-space: nowrap;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;
