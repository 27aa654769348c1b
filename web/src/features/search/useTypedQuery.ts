import { useEffect, useRef, useState } from 'react';

/** Typing searches once the customer pauses, not at every key. */
const typingDelayMs = 350;

/**
 * The search box's text and the URL's query kept in step: typed text searches after a pause
 * (replacing the history entry), a submit searches at once, and a query changed by back, forward
 * or a link shows in the box (`boxKey` renews it).
 */
export function useTypedQuery(q: string, search: (text: string, replace: boolean) => void) {
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ownQuery = useRef(q);
  const [boxKey, setBoxKey] = useState(0);
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  useEffect(() => {
    if (q !== ownQuery.current) {
      ownQuery.current = q;
      setBoxKey((k) => k + 1);
    }
  }, [q]);
  const typed = (text: string) => {
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      ownQuery.current = text;
      search(text, true);
    }, typingDelayMs);
  };
  const submitted = (text: string) => {
    clearTimeout(typingTimer.current);
    ownQuery.current = text;
    search(text, false);
  };
  return { boxKey, typed, submitted };
}
