/** Labelled controls, sections and feedback lines shared by the admin screens. */
import styled from 'styled-components';

export {
  Field,
  FieldError as ErrorText,
  FieldNote as Note,
  Input,
  Label,
  Select,
  TextArea,
} from '../../../components/form-controls';

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};

  &:focus {
    outline: none;
  }
`;

export const SuccessText = styled.p`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};

  &:empty {
    display: none;
  }
`;

/** A small pill naming a role or a restriction. */
export const Badge = styled.span<{ $tone?: 'danger' | 'neutral' }>`
  display: inline-block;
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.dangerSurface : theme.color.chip)};
  color: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.danger : theme.color.onChip)};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
`;

/** Emails and ids are long; let them wrap anywhere on a narrow screen. */
export const Wrap = styled.span`
  overflow-wrap: anywhere;
`;
