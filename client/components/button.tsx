import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: 'sm' | 'md';
}

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ $size, theme }) => ($size === 'sm' ? theme.size.avatar.sm : theme.size.iconButton)};
  padding: 0 ${({ $size, theme }) => ($size === 'sm' ? theme.space.md : theme.space.lg)};
  border: ${({ theme }) => theme.size.border} solid transparent;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ $size, theme }) => ($size === 'sm' ? theme.font.size.sm : theme.font.size.md)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background ${({ theme }) => theme.duration.fast},
    border-color ${({ theme }) => theme.duration.fast};

  ${({ $variant = 'secondary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.color.primary};
          color: ${theme.color.onPrimary};
          &:hover:not(:disabled) {
            background: ${theme.color.primaryHover};
          }
        `;
      case 'secondary':
        return css`
          background: ${theme.color.surface};
          color: ${theme.color.text};
          border-color: ${theme.color.border};
          &:hover:not(:disabled) {
            background: ${theme.color.surfaceHover};
          }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.color.text};
          &:hover:not(:disabled) {
            background: ${theme.color.surfaceHover};
          }
        `;
      case 'danger':
        return css`
          background: ${theme.color.dangerSurface};
          color: ${theme.color.danger};
          border-color: ${theme.color.danger};
          &:hover:not(:disabled) {
            background: ${theme.color.surfaceHover};
          }
        `;
    }
  }}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export const Button = styled.button.attrs<ButtonStyleProps>(({ type }) => ({
  type: type ?? 'button',
}))`
  ${buttonStyles}
`;

/** An anchor that looks like a button; wrap it in wouter's `<Link asChild>` for client routing. */
export const ButtonAnchor = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A button that reads as an inline link (Sign In, Use another email); `type` defaults to "button". */
export const LinkButton = styled.button.attrs(({ type }) => ({ type: type ?? 'button' }))`
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-size: inherit;
  text-decoration: underline;
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;
