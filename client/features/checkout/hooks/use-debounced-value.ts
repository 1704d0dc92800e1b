import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms` (the first value at once), and a function that takes
 * the current value at once (a field left before the wait is over is judged as it stands).
 */
export function useDebouncedValue<T>(value: T, ms: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSettled(value);
    }, ms);
    return () => {
      window.clearTimeout(timer);
    };
  }, [value, ms]);
  const flush = useCallback(() => {
    setSettled(value);
  }, [value]);
  return [settled, flush];
}
