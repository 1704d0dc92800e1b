import { useEffect, useState } from 'react';

/** False until `ms` after mount, then true: for indicators that should not flash. */
export function useDelay(ms: number): boolean {
  const [isOver, setIsOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      setIsOver(true);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [ms]);
  return isOver;
}
