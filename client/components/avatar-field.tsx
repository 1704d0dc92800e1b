/**
 * An avatar picker (chatbot, persona, lorebook, group, the profile): choose an image, and it uploads
 * at once through `upload` with a progress bar; the stored URL goes to `onChange`. The file is checked against the
 * shared limits first, so most mistakes are named without a round trip; a member who may not upload
 * gets the Restricted! dialog instead of an inline error. The heading says whether the form needs one
 * (persona, lorebook and group do; chatbot and profile do not), and no image yet is an empty dashed
 * frame, never initials that could pass for a chosen picture.
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { avatarMaxBytes, avatarTypes } from '#shared/api/profile';
import { toApiError } from '../lib/api-client';
import { errorText, isRestrictedError } from '../lib/errors';
import { Avatar } from './avatar';
import { Button } from './button';
import { FieldError, FieldNote } from './form-controls';
import { visuallyHidden } from './visually-hidden';

/** Sends the chosen file; answers the stored image's URL. */
export type AvatarUpload = (
  file: File,
  options: { signal: AbortSignal; onProgress: (fraction: number) => void },
) => Promise<string>;

function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!avatarTypes.some((t) => t === file.type)) return 'Use a JPEG, PNG, WebP or GIF image.';
  if (file.size > avatarMaxBytes) return 'The image is larger than 5 MB.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

export function AvatarField({
  avatarUrl,
  name,
  alt,
  disabled,
  error: formError,
  upload: send,
  onChange,
  onRestricted,
  canRemove = true,
  isRequired = false,
}: {
  avatarUrl: string | null;
  name: string;
  /** The picture's accessible name ("Chatbot avatar"). */
  alt: string;
  disabled: boolean;
  /** The form's own error for the field ("Avatar is required"), shown when no upload error is. */
  error?: string | null;
  upload: AvatarUpload;
  onChange: (url: string | null) => void;
  /**
   * A member who may not upload (account_restricted, forbidden) gets the Restricted! dialog where the
   * form offers one (the chatbot editor); elsewhere the refusal is named inline.
   */
  onRestricted?: () => void;
  /** Whether Remove is offered (a form that may hold no avatar); the profile keeps one once set. */
  canRemove?: boolean;
  /** Whether the form cannot be saved without one (said beside the heading). */
  isRequired?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const isUploading = progress !== null;
  const shownError = error ?? formError ?? null;

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
        await send(file, {
          signal: controller.signal,
          onProgress: setProgress,
        }),
      );
    } catch (err) {
      const apiError = toApiError(err);
      if (controller.signal.aborted) return;
      if (onRestricted !== undefined && isRestrictedError(apiError)) onRestricted();
      else setError(`The avatar was not uploaded: ${errorText(apiError)}`);
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setProgress(null);
    }
  };

  return (
    <Wrapper role="group" aria-labelledby={`${id}-label`} aria-busy={isUploading}>
      <Heading id={`${id}-label`}>
        Avatar <Need>{isRequired ? '(required)' : '(optional)'}</Need>
      </Heading>
      <Row>
        {avatarUrl === null ? (
          <Empty role="img" aria-label={`${alt}: no image chosen`}>
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
                d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 8.5h.01"
              />
            </svg>
            <span aria-hidden="true">No image</span>
          </Empty>
        ) : (
          <Avatar src={avatarUrl} name={name === '' ? '?' : name} size="xl" alt={alt} />
        )}
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
              aria-describedby={shownError === null ? `${id}-hint` : `${id}-error`}
              onClick={() => {
                inputRef.current?.click();
              }}
            >
              {isUploading ? 'Uploading…' : avatarUrl === null ? 'Choose image' : 'Change image'}
            </Button>
            {canRemove && avatarUrl !== null && !isUploading && (
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
          {shownError !== null && (
            <FieldError id={`${id}-error`} role="alert">
              {shownError}
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

const Need = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.regular};
`;

/** No image yet: an empty frame, unlike the filled circle a chosen (or broken) image shows. */
const Empty = styled.span`
  flex: none;
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xxs};
  width: ${({ theme }) => theme.size.avatar.xl};
  height: ${({ theme }) => theme.size.avatar.xl};
  border: 2px dashed ${({ theme }) => theme.color.textMuted};
  border-radius: 50%;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
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
