/** The "I'm interested in..." modal after sign-up (product-core.md §2): Female, Male, Non-Binary. */
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { saveInterests, type Interest } from '../api';
import { CheckboxField } from '../../../components/checkbox-field';
import { FieldError } from '../../../components/form-controls';

const options: readonly { value: Interest; label: string }[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non_binary', label: 'Non-Binary' },
];

export function InterestsModal({ onDone }: { onDone: () => void }) {
  const { api } = useServices();
  const [chosen, setChosen] = useState<Interest[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const save = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await saveInterests(api, chosen);
      onDone();
    } catch (err) {
      setError(errorText(toApiError(err)));
      setIsBusy(false);
    }
  };

  return (
    <Modal
      title="I'm interested in..."
      onClose={onDone}
      actions={
        <>
          <Button onClick={onDone}>Skip</Button>
          <Button
            $variant="primary"
            disabled={isBusy || chosen.length === 0}
            onClick={() => {
              void save();
            }}
          >
            Save
          </Button>
        </>
      }
    >
      <Options role="group" aria-label="Interests">
        {options.map((option) => (
          <CheckboxField
            key={option.value}
            label={option.label}
            checked={chosen.includes(option.value)}
            onChange={(isOn) => {
              setChosen((c) => (isOn ? [...c, option.value] : c.filter((v) => v !== option.value)));
            }}
          />
        ))}
      </Options>
      {error !== null && <FieldError role="alert">{error}</FieldError>}
    </Modal>
  );
}

const Options = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;
