import { useEffect, useState } from 'react';
import { checkUsername } from '#shared/api/account';
import { UsernameSchema, usernameCheckDelayMs } from '#shared/rules/username';
import { useServices } from './services';

export type UsernameCheck = 'idle' | 'checking' | 'available' | 'taken';

/**
 * Live availability of a username (product-rules.md §5): asked 500 ms after typing stops, only once the
 * value passes the shared rules; a newer value cancels the older question.
 */
export function useUsernameCheck(username: string): UsernameCheck {
  const { api } = useServices();
  const [result, setResult] = useState<{ value: string; check: UsernameCheck } | null>(null);
  const parsed = UsernameSchema.safeParse(username);
  const valid = parsed.success ? parsed.data : null;

  useEffect(() => {
    if (valid === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.request(checkUsername, { query: { username: valid }, signal: controller.signal }).then(
        ({ isAvailable }) => {
          setResult({ value: valid, check: isAvailable ? 'available' : 'taken' });
        },
        () => {
          if (!controller.signal.aborted) setResult({ value: valid, check: 'idle' });
        },
      );
    }, usernameCheckDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, valid]);

  if (valid === null) return 'idle';
  return result !== null && result.value === valid ? result.check : 'checking';
}
