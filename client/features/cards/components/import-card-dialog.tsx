/**
 * The "Import card" dialog (issue 10): pick or drop a Character Card (JSON or PNG), watch it upload,
 * see what was imported, then hand the draft to the chatbot editor with `onImported`. Nothing is saved
 * here: the editor's normal create call saves it, sending `extras` along so export keeps them.
 * Route-free, so any page (the editor, My Chatbots) can open it.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import type { CardImportPreview } from '#shared/api/character-cards';
import { cardFileMaxBytes, type CardBookChoice } from '#shared/cards/card-schemas';
import { Button } from '../../../components/button';
import { FieldError, FieldNote } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { visuallyHidden } from '../../../components/visually-hidden';
import { toApiError } from '../../../lib/api-client';
import { formErrorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { previewCard } from '../api';
import { initialBookChoice } from './card-book';
import { CardPreview } from './card-preview';

const maxMegabytes = cardFileMaxBytes / 1024 / 1024;

/** Why a picked file is not sent, or null when it is: the server's limits, named before a round trip. */
export function cardFileProblem(file: Pick<File, 'size'>): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > cardFileMaxBytes) return `The card file is larger than ${maxMegabytes} MB.`;
  return null;
}

type Step =
  | { name: 'choose'; error: string | null }
  | { name: 'reading'; fileName: string; progress: number }
  | { name: 'preview'; preview: CardImportPreview; book: CardBookChoice };

export function ImportCardDialog({
  onImported,
  onClose,
}: {
  /** The draft, and what the save does with the card's embedded lorebook. */
  onImported: (draft: CardImportPreview, book: CardBookChoice) => void;
  onClose: () => void;
}) {
  const { api } = useServices();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const [step, setStep] = useState<Step>({ name: 'choose', error: null });
  const [isDragging, setIsDragging] = useState(false);
  const useCardRef = useRef<HTMLButtonElement>(null);

  // Keyboard and screen reader users land on what comes next: the draft's action, or the picker again.
  useEffect(() => {
    if (step.name === 'preview') useCardRef.current?.focus();
    if (step.name === 'choose' && step.error !== null) chooseRef.current?.focus();
  }, [step]);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const read = async (file: File | undefined) => {
    if (file === undefined) return;
    const problem = cardFileProblem(file);
    if (problem !== null) {
      setStep({ name: 'choose', error: problem });
      return;
    }
    const controller = new AbortController();
    controllerRef.current?.abort();
    controllerRef.current = controller;
    setStep({ name: 'reading', fileName: file.name, progress: 0 });
    try {
      const preview = await previewCard(api, file, {
        signal: controller.signal,
        onProgress: (progress) => {
          setStep({ name: 'reading', fileName: file.name, progress });
        },
      });
      setStep({ name: 'preview', preview, book: initialBookChoice(preview.book) });
    } catch (err) {
      if (controller.signal.aborted) return;
      setStep({
        name: 'choose',
        error: `${file.name} was not imported: ${formErrorText(toApiError(err))}`,
      });
    }
  };

  const close = () => {
    controllerRef.current?.abort();
    onClose();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    void read(event.dataTransfer.files[0]);
  };

  const chooseAgain = () => {
    setStep({ name: 'choose', error: null });
  };

  return (
    <Modal
      title="Import a character card"
      onClose={close}
      actions={
        step.name === 'preview' ? (
          <>
            <Button onClick={chooseAgain}>Choose another file</Button>
            <Button
              ref={useCardRef}
              $variant="primary"
              onClick={() => {
                onImported(step.preview, step.book);
              }}
            >
              Use this card
            </Button>
          </>
        ) : (
          <Button onClick={close}>Cancel</Button>
        )
      }
    >
      {step.name === 'preview' ? (
        <CardPreview
          preview={step.preview}
          bookChoice={step.book}
          onBookChoice={(book) => {
            setStep({ ...step, book });
          }}
        />
      ) : (
        <DropZone
          $isDragging={isDragging}
          aria-busy={step.name === 'reading'}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => {
            setIsDragging(false);
          }}
          onDrop={onDrop}
        >
          <HiddenInput
            ref={inputRef}
            type="file"
            tabIndex={-1}
            aria-label="Character card file"
            accept=".json,.png,application/json,image/png"
            onChange={(event) => {
              void read(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {step.name === 'reading' ? (
            <Reading role="status">
              <span>
                {step.progress < 1 ? 'Uploading' : 'Reading'} {step.fileName}…
              </span>
              <Progress
                aria-label="Import progress"
                max={100}
                value={Math.round(step.progress * 100)}
              />
            </Reading>
          ) : (
            <>
              <DropText>Drop a card file here, or</DropText>
              <Button
                ref={chooseRef}
                $variant="primary"
                aria-describedby={`${id}-hint${step.error === null ? '' : ` ${id}-error`}`}
                onClick={() => {
                  inputRef.current?.click();
                }}
              >
                Choose file
              </Button>
            </>
          )}
          <FieldNote id={`${id}-hint`}>
            Character Card V1, V2 or V3: a .json file, or a .png image with the card inside, up to{' '}
            {maxMegabytes} MB.
          </FieldNote>
          {step.name === 'choose' && step.error !== null && (
            <FieldError id={`${id}-error`} role="alert">
              {step.error}
            </FieldError>
          )}
        </DropZone>
      )}
    </Modal>
  );
}

/** The button that opens the dialog; what a page places (the chatbot editor, My Chatbots). */
export function ImportCardButton({
  onImported,
}: {
  onImported: (draft: CardImportPreview, book: CardBookChoice) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => {
          setIsOpen(true);
        }}
      >
        Import card
      </Button>
      {isOpen && (
        <ImportCardDialog
          onClose={() => {
            setIsOpen(false);
          }}
          onImported={(draft, book) => {
            setIsOpen(false);
            onImported(draft, book);
          }}
        />
      )}
    </>
  );
}

const DropZone = styled.div<{ $isDragging: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border: 2px dashed
    ${({ $isDragging, theme }) => ($isDragging ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ $isDragging, theme }) =>
    $isDragging ? theme.color.surfaceHover : theme.color.surfaceAlt};
  text-align: center;
`;

const DropText = styled.p`
  color: ${({ theme }) => theme.color.text};
`;

const Reading = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
`;

const Progress = styled.progress`
  width: 100%;
  max-width: 240px;
  accent-color: ${({ theme }) => theme.color.primary};
`;

const HiddenInput = styled.input`
  ${visuallyHidden}
`;
