/**
 * A small REST loading hook: one request per key, cancelled when the key changes, with a retry.
 * The result is stored with the key it belongs to, so a new key reads as loading without a reset.
 */
import { useEffect, useRef, useState } from 'react';
import { toApiError, type ApiError } from './api-client';

export type QueryState<T> =
  { status: 'loading' } | { status: 'error'; error: ApiError } | { status: 'success'; data: T };

interface Settled<T> {
  key: string;
  attempt: number;
  state: QueryState<T>;
}

export function useQuery<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): QueryState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const loadRef = useRef(load);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          setSettled({ key, attempt, state: { status: 'success', data } });
      },
      (err: unknown) => {
        if (!controller.signal.aborted) {
          setSettled({ key, attempt, state: { status: 'error', error: toApiError(err) } });
        }
      },
    );
    return () => {
      controller.abort();
    };
  }, [key, attempt]);

  const isCurrent = settled !== null && settled.key === key && settled.attempt === attempt;
  const state: QueryState<T> = isCurrent ? settled.state : { status: 'loading' };
  return {
    ...state,
    retry: () => {
      setAttempt((n) => n + 1);
    },
  };
}
