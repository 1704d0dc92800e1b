/** The exact prompt a reply was written from, message by message, for the bot's creator and admins. */
import type { RefObject } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadReplyPrompt } from '../api';

const roleLabels = { system: 'System', user: 'User', assistant: 'Bot' } as const;

export function ReplyPromptModal({
  messageId,
  onClose,
  returnFocusRef,
}: {
  messageId: string;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const { api } = useServices();
  const prompt = useQuery(`reply-prompt:${messageId}`, (signal) =>
    loadReplyPrompt(api, messageId, signal),
  );
  return (
    <Modal
      title="Prompt of the last reply"
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {prompt.status === 'loading' && <Spinner label="Loading prompt" />}
      {prompt.status === 'error' && (
        <ErrorState message={errorText(prompt.error)} onRetry={prompt.retry} />
      )}
      {prompt.status === 'success' && (
        <>
          <p>
            Model {prompt.data.modelId}, {prompt.data.contextTokens.toLocaleString()} tokens of
            context, {prompt.data.report.usedTokens.toLocaleString()} used by the prompt.
          </p>
          <List>
            {prompt.data.messages.map((m, i) => (
              <li key={i}>
                <Role>{roleLabels[m.role]}</Role>
                <Text>{m.content}</Text>
              </li>
            ))}
          </List>
        </>
      )}
    </Modal>
  );
}

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-height: 55vh;
  margin: 0;
  padding: 0;
  overflow: auto;
  list-style: none;
`;

const Role = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Text = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
