/**
 * The live state of a username as it is typed (product-rules.md §4 "Profile": Checking, Available, Not
 * Available, Valid, invalid; §5: availability asked 500 ms after typing stops). What the shared rules
 * decide (too short, bad characters, a reserved name) shows at once; only a valid name is asked about,
 * and a newer value cancels the older question.
 */
import { useEffect, useState } from 'react';
import { checkUsername } from '#shared/api/account';
import { UsernameSchema, isReservedUsername, usernameCheckDelayMs } from '#shared/rules/username';
import { useServices } from './services';

export type UsernameCheck =
  /** Nothing typed, or the name held now (the profile's own). */
  | { state: 'idle' }
  /** Breaks a rule; `message` is the rule's text. */
  | { state: 'invalid'; message: string }
  /** Valid; its availability is being asked. */
  | { state: 'checking'; username: string }
  /** Valid, but the question failed: the server decides on save. */
  | { state: 'valid' }
  | { state: 'available' }
  /** Taken by someone, or reserved. */
  | { state: 'taken' };

/**
 * What the rules alone say of `value`: idle, invalid, taken (reserved), or checking the normalised
 * name. `current` is the name the member holds now, which needs no check.
 */
export function usernameCheckOf(value: string, current: string | null = null): UsernameCheck {
  if (value.trim() === '') return { state: 'idle' };
  if (isReservedUsername(value)) return { state: 'taken' };
  const parsed = UsernameSchema.safeParse(value);
  if (!parsed.success) {
    return { state: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid username' };
  }
  if (parsed.data === current) return { state: 'idle' };
  return { state: 'checking', username: parsed.data };
}

/** The spec's words for each state (the status line under the field). */
function usernameCheckText(check: UsernameCheck): string | null {
  switch (check.state) {
    case 'idle':
      return null;
    case 'invalid':
      return check.message;
    case 'checking':
      return 'Checking';
    case 'valid':
      return 'Valid';
    case 'available':
      return 'Available';
    case 'taken':
      return 'Not Available';
  }
}

/** The status line's tone for each state. */
function usernameCheckTone(check: UsernameCheck): 'neutral' | 'good' | 'bad' {
  switch (check.state) {
    case 'available':
      return 'good';
    case 'invalid':
    case 'taken':
      return 'bad';
    case 'idle':
    case 'checking':
    case 'valid':
      return 'neutral';
  }
}

/** The status line under a username field, or null when it has nothing to say. */
export function usernameCheckStatus(
  check: UsernameCheck,
): { text: string; tone: 'neutral' | 'good' | 'bad' } | null {
  const text = usernameCheckText(check);
  return text === null ? null : { text, tone: usernameCheckTone(check) };
}

export function useUsernameCheck(username: string, current: string | null = null): UsernameCheck {
  const { api } = useServices();
  const [answer, setAnswer] = useState<{ username: string; check: UsernameCheck } | null>(null);
  const local = usernameCheckOf(username, current);
  const asking = local.state === 'checking' ? local.username : null;

  useEffect(() => {
    if (asking === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.request(checkUsername, { query: { username: asking }, signal: controller.signal }).then(
        ({ isAvailable }) => {
          setAnswer({ username: asking, check: { state: isAvailable ? 'available' : 'taken' } });
        },
        () => {
          if (!controller.signal.aborted)
            setAnswer({ username: asking, check: { state: 'valid' } });
        },
      );
    }, usernameCheckDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, asking]);

  if (asking === null) return local;
  return answer?.username === asking ? answer.check : local;
}
