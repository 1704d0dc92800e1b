/**
 * The editor's avatar picker: choose an image, and it uploads at once to POST
 * /api/uploads/character-avatar with a progress bar; the stored URL goes into the form. The file is
 * checked against the shared limits first, so most mistakes are named without a round trip; a member
 * who may not upload gets the Restricted! dialog instead of an inline error.
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { avatarMaxBytes, avatarTypes } from '#shared/api/profile';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FieldError, FieldNote } from '../../../components/form-controls';
import { visuallyHidden } from '../../../components/visually-hidden';
import { toApiError } from '../../../lib/api-client';
import { errorText, isRestrictedError } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { uploadChatbotAvatar } from '../api';

function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!avatarTypes.some((t) => t === file.type)) return 'Use a JPEG, PNG, WebP or GIF image.';
  if (file.size > avatarMaxBytes) return 'The image is larger than 5 MB.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

export function AvatarField({
  avatarUrl,
  name,
  disabled,
  onChange,
  onRestricted,
}: {
  avatarUrl: string | null;
  name: string;
  disabled: boolean;
  onChange: (url: string | null) => void;
  /** A member who may not upload (account_restricted, forbidden) gets the Restricted! dialog. */
  onRestricted: () => void;
}) {
  const { api } = useServices();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const isUploading = progress !== null;

  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const upload = async (file: File | undefined) => {
    if (file === undefined) return;
    const problem = fileProblem(file);
    setError(problem);
    if (problem !== null) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setProgress(0);
    try {
      onChange(
        await uploadChatbotAvatar(api, file, {
          signal: controller.signal,
          onProgress: setProgress,
        }),
      );
    } catch (err) {
      const apiError = toApiError(err);
      if (controller.signal.aborted) return;
      if (isRestrictedError(apiError)) onRestricted();
      else setError(`The avatar was not uploaded: ${errorText(apiError)}`);
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setProgress(null);
    }
  };

  return (
    <Wrapper role="group" aria-labelledby={`${id}-label`} aria-busy={isUploading}>
      <Heading id={`${id}-label`}>Avatar</Heading>
      <Row>
        <Avatar src={avatarUrl} name={name === '' ? '?' : name} size="xl" alt="Chatbot avatar" />
        <Controls>
          <HiddenInput
            ref={inputRef}
            type="file"
            tabIndex={-1}
            aria-label="Avatar image"
            accept={avatarTypes.join(',')}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Buttons>
            <Button
              disabled={disabled || isUploading}
              aria-describedby={error === null ? `${id}-hint` : `${id}-error`}
              onClick={() => {
                inputRef.current?.click();
              }}
            >
              {isUploading ? 'Uploading…' : avatarUrl === null ? 'Choose image' : 'Change image'}
            </Button>
            {avatarUrl !== null && !isUploading && (
              <Button
                $variant="ghost"
                disabled={disabled}
                onClick={() => {
                  onChange(null);
                }}
              >
                Remove
              </Button>
            )}
          </Buttons>
          {isUploading && (
            <progress
              aria-label="Avatar upload progress"
              max={100}
              value={Math.round(progress * 100)}
            />
          )}
          <FieldNote id={`${id}-hint`}>JPEG, PNG, WebP or GIF, up to 5 MB.</FieldNote>
          {error !== null && (
            <FieldError id={`${id}-error`} role="alert">
              {error}
            </FieldError>
          )}
        </Controls>
      </Row>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Heading = styled.p`
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
