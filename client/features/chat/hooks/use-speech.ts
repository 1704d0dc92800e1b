/**
 * A conversation's voice (issue 26 item 1): one bot message read aloud at a time, its button Idle,
 * Play or Stop (product-core.md "Speech rating"); the conversation's voice (Set Voice) and the speech
 * rating. A refusal for want of premium opens the upgrade modal; any other failure is shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getConversationVoice,
  listVoices,
  messageSpeech,
  rateSpeech,
  setConversationVoice,
  voiceSample,
} from '#shared/api/speech';
import type { AppErrorBody } from '#shared/errors';
import type { SpeechRatingInput, Voice, VoiceButtonState, VoiceId } from '#shared/rules/speech';
import { toApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import { playWavStream, type Playback } from '../speech-player';

interface Playing {
  key: string;
  abort: AbortController;
  playback: Playback | null;
}

export function useSpeech(conversationId: string | null) {
  const { api } = useServices();
  const [playing, setPlaying] = useState<{ key: string; state: VoiceButtonState } | null>(null);
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const [error, setError] = useState<AppErrorBody | null>(null);
  const [voices, setVoices] = useState<readonly Voice[]>([]);
  const [chosen, setChosen] = useState<{ conversationId: string; voiceId: VoiceId } | null>(null);
  const voiceId =
    chosen !== null && chosen.conversationId === conversationId ? chosen.voiceId : null;
  const current = useRef<Playing | null>(null);

  const fail = useCallback((err: unknown) => {
    const apiError = toApiError(err);
    if (apiError.code === 'speech_premium_required') setIsUpgradeOpen(true);
    else setError({ code: apiError.code, message: apiError.message });
  }, []);

  const stop = useCallback(() => {
    const now = current.current;
    if (now === null) return;
    current.current = null;
    now.abort.abort();
    now.playback?.stop();
    setPlaying({ key: now.key, state: 'stop' });
  }, []);

  /** Plays what `open` streams under `key` (a message id, or a voice's sample). */
  const play = useCallback(
    (key: string, open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>) => {
      stop();
      const abort = new AbortController();
      const entry: Playing = { key, abort, playback: null };
      current.current = entry;
      setPlaying({ key, state: 'play' });
      open(abort.signal).then(
        async (body) => {
          if (current.current !== entry) return;
          entry.playback = playWavStream(body);
          await entry.playback.done.catch(() => undefined);
          if (current.current === entry) stop();
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          current.current = null;
          setPlaying({ key, state: 'idle' });
          fail(err);
        },
      );
    },
    [fail, stop],
  );

  useEffect(() => {
    if (conversationId === null) return stop;
    const abort = new AbortController();
    api
      .request(getConversationVoice, { params: { id: conversationId }, signal: abort.signal })
      .then(
        (voice) => {
          setChosen({ conversationId, voiceId: voice.voiceId });
        },
        () => undefined,
      );
    return () => {
      abort.abort();
      stop();
    };
  }, [api, conversationId, stop]);

  return {
    stateOf: (messageId: string): VoiceButtonState =>
      playing?.key === messageId ? playing.state : 'idle',
    playMessage: (messageId: string) => {
      if (conversationId === null) return;
      play(messageId, (signal) =>
        api.stream(messageSpeech, { params: { id: conversationId, messageId }, signal }),
      );
    },
    playSample: (id: VoiceId) => {
      play(`sample-${id}`, (signal) =>
        api.stream(voiceSample, { params: { voiceId: id }, signal }),
      );
    },
    stop,
    voices,
    voiceId,
    loadVoices: () => {
      api.request(listVoices).then((list) => {
        setVoices(list.voices);
      }, fail);
    },
    chooseVoice: async (id: VoiceId): Promise<boolean> => {
      if (conversationId === null) return false;
      try {
        const answer = await api.request(setConversationVoice, {
          params: { id: conversationId },
          body: { voiceId: id },
        });
        setChosen({ conversationId, voiceId: answer.voiceId });
        return true;
      } catch (err) {
        fail(err);
        return false;
      }
    },
    rate: async (messageId: string, rating: SpeechRatingInput): Promise<boolean> => {
      if (conversationId === null) return false;
      try {
        await api.request(rateSpeech, {
          params: { id: conversationId, messageId },
          body: rating,
        });
        return true;
      } catch (err) {
        fail(err);
        return false;
      }
    },
    isUpgradeOpen,
    closeUpgrade: () => {
      setIsUpgradeOpen(false);
    },
    error,
    clearError: () => {
      setError(null);
    },
  };
}
