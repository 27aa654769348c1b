import { useEffect, useState } from 'react';

/** A value that follows `value` once it has stopped changing for `ms` (a slider being dragged, a field being typed in). */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value is followed by its JSON (key): a new object of the same value is no change
  }, [key, ms]);
  return settled;
}
