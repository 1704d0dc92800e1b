/** Labelled form controls shared by every form: field wrapper, label, input, select and text area. */
import styled, { css } from 'styled-components';

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Label = styled.label`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** What every field control shares: full width, the theme's border, background and type. */
const control = css`
  width: 100%;
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  color-scheme: ${({ theme }) => theme.name};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }

  /* A locked form (a chatbot or group in review) must look read-only, not just refuse input. */
  &:disabled {
    background: ${({ theme }) => theme.color.surfaceAlt};
    color: ${({ theme }) => theme.color.textMuted};
    cursor: not-allowed;
  }
`;

export const Input = styled.input`
  ${control}
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.md};
`;

export const Select = styled.select`
  ${control}
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.md};
`;

export const TextArea = styled.textarea`
  ${control}
  min-height: 6rem;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  resize: vertical;
`;

/** A form laid out as a column of fields. */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** A checkbox (or switch) with its label text beside it; the whole row is the label. */
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

/** The error under a field; give it the id the field's aria-describedby names (errorProps). */
export const FieldError = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** A quiet line of help under or above a field. */
export const FieldNote = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** A form's card: a bordered panel with its heading. */
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

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

/** A form's buttons, at its end. */
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
