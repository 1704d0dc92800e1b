import { useEffect, useState } from 'react';

/**
 * False until `ms` after mount (or after `isActive` turns true), then true: for indicators that should
 * not flash.
 */
export function useDelay(ms: number, isActive = true): boolean {
  const [isOver, setIsOver] = useState(false);
  const [wasActive, setWasActive] = useState(isActive);
  if (wasActive !== isActive) {
    setWasActive(isActive);
    setIsOver(false);
  }
  useEffect(() => {
    if (!isActive) return;
    const timer = setTimeout(() => {
      setIsOver(true);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [ms, isActive]);
  return isOver;
}
