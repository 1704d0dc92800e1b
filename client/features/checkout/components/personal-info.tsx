/**
 * The checkout's personal info (product-rules.md §2 /checkout, §5): first and last name, email,
 * country, the state or province where the country has them, and the Zip or Postal Code. Each field's
 * message is under it, named by aria-describedby.
 */
import { useId } from 'react';
import styled from 'styled-components';
import { checkoutLimits, postalCodeLabel, stateLabel } from '#shared/rules/checkout';
import { Field, FieldError, Label, Select, errorProps } from '../../../components/form-controls';
import { TextField } from '../../../components/text-field';
import type { Country } from '../api';
import type { PersonalField, PersonalFields } from '../form';

interface PersonalInfoProps {
  fields: PersonalFields;
  errors: Partial<Record<PersonalField, string | null>>;
  countries: readonly Country[];
  states: readonly { stateCode: string; name: string }[] | null;
  onChange: (field: PersonalField, value: string) => void;
  onBlur: (field: PersonalField) => void;
}

function SelectField({
  label,
  value,
  error,
  onChange,
  onBlur,
  children,
}: {
  label: string;
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  children: React.ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value}
        autoComplete="off"
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onBlur={onBlur}
        {...errorProps(errorId, error)}
      >
        {children}
      </Select>
      {error !== null && error !== undefined && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </Field>
  );
}

export function PersonalInfo({
  fields,
  errors,
  countries,
  states,
  onChange,
  onBlur,
}: PersonalInfoProps) {
  const text = (field: PersonalField) => ({
    value: fields[field],
    error: errors[field] ?? null,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      onChange(field, event.target.value);
    },
    onBlur: () => {
      onBlur(field);
    },
  });
  const hasStates = states !== null && states.length > 0;
  return (
    <Section aria-labelledby="personal-info-heading">
      <h2 id="personal-info-heading">Personal Info</h2>
      <Row>
        <TextField
          label="First Name"
          autoComplete="given-name"
          maxLength={checkoutLimits.name}
          {...text('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={checkoutLimits.name}
          {...text('lastName')}
        />
      </Row>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={checkoutLimits.email}
        {...text('email')}
      />
      <Row>
        <SelectField
          label="Country"
          value={fields.country}
          error={errors.country}
          onChange={(value) => {
            onChange('country', value);
          }}
          onBlur={() => {
            onBlur('country');
          }}
        >
          <option value="">Select a country</option>
          {countries.map((c) => (
            <option key={c.iso2} value={c.iso2}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {hasStates && (
          <SelectField
            label={stateLabel(fields.country)}
            value={fields.state}
            error={errors.state}
            onChange={(value) => {
              onChange('state', value);
            }}
            onBlur={() => {
              onBlur('state');
            }}
          >
            <option value="">Select a {stateLabel(fields.country).toLowerCase()}</option>
            {states.map((s) => (
              <option key={s.stateCode} value={s.stateCode}>
                {s.name}
              </option>
            ))}
          </SelectField>
        )}
      </Row>
      <TextField
        label={postalCodeLabel(fields.country)}
        autoComplete="postal-code"
        maxLength={checkoutLimits.postalCode}
        {...text('postalCode')}
        onChange={(event) => {
          onChange('postalCode', event.target.value.toUpperCase());
        }}
      />
    </Section>
  );
}

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: 1fr 1fr;
  }
`;
