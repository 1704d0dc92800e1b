/**
 * Import Chat (issue 11, part 13): reads a conversation file exported here back as a new conversation
 * with the same chatbot, then opens it. The server checks the file; its refusal shows in the error modal.
 */
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { conversationLimits } from '#shared/rules/conversation';
import { Button } from '../../../components/button';
import { ErrorModal } from '../../../components/error-modal';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { ApiError, toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { uploadConversation } from '../api';

export function ImportChatButton() {
  const { api } = useServices();
  const [, navigate] = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const importFile = async (file: File) => {
    if (file.size > conversationLimits.importBytes) {
      setError(
        new ApiError({ code: 'payload_too_large', message: 'The conversation file is too large.' }),
      );
      return;
    }
    setIsBusy(true);
    try {
      const conversation = await uploadConversation(api, file);
      navigate(paths.chat.build(conversation.characterId, conversation.id));
    } catch (err) {
      setError(toApiError(err));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <VisuallyHidden>
        <input
          ref={inputRef}
          type="file"
          accept=".jsonl,application/x-ndjson,application/jsonl,text/plain"
          aria-label="Conversation file"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file !== undefined) void importFile(file);
          }}
        />
      </VisuallyHidden>
      <Button onClick={() => inputRef.current?.click()} disabled={isBusy} aria-busy={isBusy}>
        Import Chat
      </Button>
      {error !== null && (
        <ErrorModal
          message={error.code === 'validation_failed' ? error.message : errorText(error)}
          onClose={() => {
            setError(null);
          }}
        />
      )}
    </>
  );
}
