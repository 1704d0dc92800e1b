/**
 * The avatar picker of the profile page: choose an image, see it before sending, upload it to
 * POST /api/me/avatar with progress, and show why it failed. The file is checked against the shared
 * limits first (type and size), so most mistakes are named without a round trip; `account_restricted`
 * opens the Restricted! dialog instead of an inline error.
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { avatarMaxBytes, avatarTypes } from '#shared/api/profile';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { uploadAvatar } from '../api';
import { FieldError, FieldNote } from '../../../components/form-controls';
import { visuallyHidden } from '../../../components/visually-hidden';
import { RestrictedDialog } from './restricted-dialog';

const typeText = 'Use a JPEG, PNG, WebP or GIF image.';
const sizeText = 'The image is larger than 5 MB.';
const uploadedText = 'Avatar updated.';

/** Why a chosen file cannot be sent, or null when it can. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!avatarTypes.some((t) => t === file.type)) return typeText;
  if (file.size > avatarMaxBytes) return sizeText;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

export function AvatarPicker({
  avatarUrl,
  name,
  supportUrl,
  onUploaded,
}: {
  avatarUrl: string | null;
  name: string;
  supportUrl: string | null;
  onUploaded: (url: string) => void;
}) {
  const { api } = useServices();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  /** The chosen file and its preview URL (an object URL, revoked when replaced or on unmount). */
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const file = chosen?.file ?? null;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isRestricted, setIsRestricted] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const isUploading = progress !== null;

  useEffect(
    () => () => {
      if (chosen !== null) URL.revokeObjectURL(chosen.url);
    },
    [chosen],
  );
  const previewUrl = chosen?.url ?? null;

  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const choose = (picked: File | undefined) => {
    setNotice(null);
    if (picked === undefined) return;
    const problem = avatarFileProblem(picked);
    setError(problem);
    setChosen(problem === null ? { file: picked, url: URL.createObjectURL(picked) } : null);
  };

  const cancel = () => {
    controllerRef.current?.abort();
    setChosen(null);
    setError(null);
    chooseRef.current?.focus();
  };

  const upload = async () => {
    if (file === null || isUploading) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setError(null);
    setProgress(0);
    try {
      const url = await uploadAvatar(api, file, {
        signal: controller.signal,
        onProgress: (fraction) => {
          setProgress(fraction);
        },
      });
      onUploaded(url);
      setChosen(null);
      setNotice(uploadedText);
      chooseRef.current?.focus();
    } catch (err) {
      if (controller.signal.aborted) return;
      const apiError = toApiError(err);
      if (apiError.code === 'account_restricted') setIsRestricted(true);
      else setError(`The avatar was not uploaded: ${errorText(apiError)}`);
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setProgress(null);
    }
  };

  const shown = previewUrl ?? avatarUrl;
  const percent = Math.round((progress ?? 0) * 100);
  const errorId = `${id}-error`;
  return (
    <Wrapper role="group" aria-labelledby={`${id}-label`} aria-busy={isUploading}>
      <Heading id={`${id}-label`}>Avatar</Heading>
      <Row>
        <Avatar
          src={shown}
          name={name === '' ? '?' : name}
          size="xl"
          alt={previewUrl !== null ? 'Preview of the new avatar' : 'Your avatar'}
        />
        <Controls>
          <HiddenInput
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            tabIndex={-1}
            aria-label="Avatar image"
            accept={avatarTypes.join(',')}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {file === null ? (
            <Button
              ref={chooseRef}
              disabled={isUploading}
              aria-describedby={error === null ? `${id}-hint` : errorId}
              onClick={() => {
                inputRef.current?.click();
              }}
            >
              Choose image
            </Button>
          ) : (
            <Buttons>
              <Button $variant="primary" disabled={isUploading} onClick={() => void upload()}>
                {isUploading ? 'Uploading…' : 'Upload avatar'}
              </Button>
              <Button onClick={cancel}>Cancel</Button>
            </Buttons>
          )}
          {file !== null && !isUploading && <FieldNote>Preview: {file.name}</FieldNote>}
          {isUploading && <Progress aria-label="Upload progress" max={100} value={percent} />}
          <FieldNote id={`${id}-hint`}>JPEG, PNG, WebP or GIF, up to 5 MB.</FieldNote>
          {error !== null && (
            <FieldError id={errorId} role="alert">
              {error}
            </FieldError>
          )}
          {notice !== null && <Notice role="status">{notice}</Notice>}
        </Controls>
      </Row>
      {isRestricted && (
        <RestrictedDialog
          supportUrl={supportUrl}
          onClose={() => {
            setIsRestricted(false);
            setChosen(null);
          }}
        />
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Heading = styled.p`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
`;

const Controls = styled.div`
  display: flex;
  flex: 1 1 180px;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const HiddenInput = styled.input`
  ${visuallyHidden}
`;

const Progress = styled.progress`
  width: 100%;
  max-width: 240px;
  accent-color: ${({ theme }) => theme.color.primary};
`;

const Notice = styled.p`
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
