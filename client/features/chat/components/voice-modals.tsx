/**
 * Text to speech's modals (issue 26 item 1): the voice selection of Set Voice (each voice's name,
 * description and gender, its sample and Select), the speech rating (Like, Dislike with a reason,
 * Favorite) and the upgrade modal shown to anyone without premium.
 */
import { useState } from 'react';
import styled from 'styled-components';
import {
  speechDislikeReasons,
  type SpeechRatingInput,
  type Voice,
  type VoiceButtonState,
  type VoiceId,
} from '#shared/rules/speech';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { ModalActions } from '../../../components/modal-actions';
import { UpgradeModal } from '../../../components/upgrade-modal';
import { errorText } from '../../../lib/errors';
import { ReasonSelect } from './reason-select';

export function SpeechUpgradeModal({ onClose }: { onClose: () => void }) {
  return (
    <UpgradeModal title="Upgrade" onClose={onClose}>
      <p>{errorText({ code: 'speech_premium_required' })}</p>
    </UpgradeModal>
  );
}

interface VoiceSelectProps {
  voices: readonly Voice[];
  chosen: VoiceId | null;
  sampleState: (id: VoiceId) => VoiceButtonState;
  onSample: (id: VoiceId) => void;
  onStopSample: () => void;
  onSelect: (id: VoiceId) => Promise<boolean>;
  onClose: () => void;
}

export function VoiceSelectModal(props: VoiceSelectProps) {
  const { voices, chosen, sampleState, onSample, onStopSample, onSelect, onClose } = props;
  return (
    <Modal
      title="Choose a voice"
      onClose={onClose}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <List>
        {voices.map((voice) => {
          const isPlaying = sampleState(voice.id) === 'play';
          return (
            <Row key={voice.id} aria-label={voice.name}>
              <div>
                <Name>{voice.name}</Name>
                <Muted as="p">
                  {voice.gender === 'female' ? 'Female' : 'Male'} · {voice.description}
                </Muted>
              </div>
              <Button
                $size="sm"
                $variant="ghost"
                aria-label={`${isPlaying ? 'Stop' : 'Play'} the sample of ${voice.name}`}
                onClick={() => {
                  if (isPlaying) onStopSample();
                  else onSample(voice.id);
                }}
              >
                {isPlaying ? 'Stop' : 'Sample'}
              </Button>
              <ChooseButton
                $size="sm"
                $variant={chosen === voice.id ? 'primary' : 'ghost'}
                aria-pressed={chosen === voice.id}
                aria-label={`Use ${voice.name}`}
                onClick={() => {
                  void onSelect(voice.id).then((ok) => {
                    if (ok) onClose();
                  });
                }}
              >
                {chosen === voice.id ? 'Chosen' : 'Select'}
              </ChooseButton>
            </Row>
          );
        })}
      </List>
    </Modal>
  );
}

interface RateSpeechProps {
  onSubmit: (rating: SpeechRatingInput) => Promise<boolean>;
  onClose: () => void;
}

type Choice = SpeechRatingInput['rating'];

export function RateSpeechModal({ onSubmit, onClose }: RateSpeechProps) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [reason, setReason] = useState<(typeof speechDislikeReasons)[number] | ''>('');
  const rating: SpeechRatingInput | null =
    choice === 'dislike'
      ? reason === ''
        ? null
        : { rating: 'dislike', reason }
      : choice === null
        ? null
        : { rating: choice };
  const choices: { value: Choice; label: string }[] = [
    { value: 'like', label: 'Like' },
    { value: 'dislike', label: 'Dislike' },
    { value: 'love', label: 'Favorite' },
  ];
  return (
    <Modal
      title="Rate speech quality"
      onClose={onClose}
      actions={
        <ModalActions
          onCancel={onClose}
          disabled={rating === null}
          onSubmit={() => {
            if (rating !== null) {
              void onSubmit(rating).then((ok) => {
                if (ok) onClose();
              });
            }
          }}
        />
      }
    >
      <Choices role="radiogroup" aria-label="Speech rating">
        {choices.map((c) => (
          <Button
            key={c.value}
            role="radio"
            aria-checked={choice === c.value}
            $variant={choice === c.value ? 'primary' : 'ghost'}
            onClick={() => {
              setChoice(c.value);
            }}
          >
            {c.label}
          </Button>
        ))}
      </Choices>
      {choice === 'dislike' && (
        <ReasonSelect
          id="speech-dislike-reason"
          label="What was wrong?"
          reasons={speechDislikeReasons}
          value={reason}
          onChange={setReason}
        />
      )}
    </Modal>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** One voice a row, rows ruled apart; Select and Chosen are one width, so the buttons line up. */
const Row = styled.li`
  display: grid;
  grid-template-columns: 1fr auto auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.color.border};

  &:first-child {
    padding-top: 0;
    border-top: none;
  }
`;

const Name = styled.strong`
  display: block;
  color: ${({ theme }) => theme.color.text};
`;

const ChooseButton = styled(Button)`
  min-width: 5.5rem;
  justify-content: center;
`;

const Muted = styled.span`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
