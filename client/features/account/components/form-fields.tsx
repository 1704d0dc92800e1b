/** Labelled inputs, checkboxes and field errors shared by the account forms (onboarding, profile, email). */
import styled from 'styled-components';

export { Field, Input, Label, Select, TextArea } from '../../../components/form-controls';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export const CheckRow = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;

  input {
    flex: none;
    width: 1.1rem;
    height: 1.1rem;
    margin-top: ${({ theme }) => theme.space.xxs};
    accent-color: ${({ theme }) => theme.color.primary};
  }
`;

export const FieldError = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const FieldNote = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const Card = styled.section`
  width: 100%;
  max-width: 520px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};

  h1 {
    margin-bottom: ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

/** aria props linking a field to its error, when there is one. */
export function errorProps(errorId: string, error: string | null | undefined) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': errorId }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
}
