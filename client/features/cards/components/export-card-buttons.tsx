/**
 * "Export card" (issue 10): the chatbot as a Character Card V2 JSON, V3 JSON, or a PNG carrying both,
 * downloaded with the name the server gives. A page places it where the caller may see the definition
 * (the server refuses others with definition_hidden, shown in the error dialog).
 */
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { CardExportFormat } from '#shared/cards/card-schemas';
import { Button } from '../../../components/button';
import { ErrorModal } from '../../../components/error-modal';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { useServices } from '../../../lib/services';
import { downloadCard } from '../api';

const formats: { format: CardExportFormat; label: string }[] = [
  { format: 'v2', label: 'JSON V2' },
  { format: 'v3', label: 'JSON V3' },
  { format: 'png', label: 'PNG' },
];

export function ExportCardButtons({ characterId }: { characterId: string }) {
  const { api } = useServices();
  const id = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState<CardExportFormat | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: CardExportFormat) => {
    setBusy(format);
    setSaved(null);
    try {
      const file = await downloadCard(api, characterId, format);
      saveFile(file.blob, file.fileName);
      setSaved(file.fileName);
    } catch (err) {
      setError(errorText(toApiError(err)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Wrapper ref={groupRef} role="group" aria-labelledby={`${id}-label`}>
      <Label id={`${id}-label`}>Export card</Label>
      <Buttons>
        {formats.map(({ format, label }) => (
          <Button
            key={format}
            $size="sm"
            disabled={busy !== null}
            aria-busy={busy === format}
            onClick={() => void download(format)}
          >
            {label}
          </Button>
        ))}
      </Buttons>
      <Status role="status">{saved === null ? '' : `Saved ${saved}`}</Status>
      {error !== null && (
        <ErrorModal
          message={error}
          returnFocusRef={groupRef}
          onClose={() => {
            setError(null);
          }}
        />
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Label = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Status = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  overflow-wrap: anywhere;
`;
