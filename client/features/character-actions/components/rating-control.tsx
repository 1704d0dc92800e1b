/**
 * The bot rating of the chatbot profile (product-core.md §6: logged-in users, public bots; §3 rating
 * values): Dislike, Like and Love as toggle buttons in one labelled group. A guest's choice opens sign-in.
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { RatingState } from '#shared/api/social';
import type { BotRating } from '#shared/rules/social';
import { Button } from '../../../components/button';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { rate } from '../api';
import type { SignInReason } from '../../../lib/sign-in-request';

const choices: readonly { value: BotRating; label: string }[] = [
  { value: 'dislike', label: 'Dislike' },
  { value: 'like', label: 'Like' },
  { value: 'love', label: 'Love' },
];

export function RatingControl({
  characterId,
  myRating,
  onRated,
  onSignInRequired,
}: {
  characterId: string;
  myRating: BotRating | null;
  onRated: (state: RatingState) => void;
  onSignInRequired: (reason: SignInReason) => void;
}) {
  const { api } = useServices();
  const session = useSession();
  const toast = useToast();
  const [pending, setPending] = useState<BotRating | null>(null);

  const choose = async (value: BotRating) => {
    if (session.status !== 'member') {
      onSignInRequired('rate');
      return;
    }
    setPending(value);
    try {
      onRated(await rate(api, characterId, value));
      toast('Thanks for rating this chatbot');
    } catch (err) {
      toast(errorText(toApiError(err)), 'error');
    } finally {
      setPending(null);
    }
  };

  return (
    <Group role="group" aria-labelledby="rate-heading">
      <Heading id="rate-heading">Rate this chatbot</Heading>
      <Choices>
        {choices.map((choice) => (
          <Button
            key={choice.value}
            $size="sm"
            $variant={myRating === choice.value ? 'primary' : 'secondary'}
            aria-pressed={myRating === choice.value}
            disabled={pending !== null}
            onClick={() => {
              void choose(choice.value);
            }}
          >
            {choice.label}
          </Button>
        ))}
      </Choices>
    </Group>
  );
}

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
