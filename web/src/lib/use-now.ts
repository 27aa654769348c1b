import { useEffect, useState } from 'react';

/** The time now (ms), read again every `everyMs`: a countdown re-renders with it, nothing else does. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
