import { useEffect, useRef } from 'react';

/**
 * True while the caller is on screen: an answer that arrives late (the browser's position, after
 * the page was left) checks it before touching the caller's state. Set again on each mount:
 * development's double mount runs the cleanup once in between.
 */
export function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
