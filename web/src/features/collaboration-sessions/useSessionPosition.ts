import { useCallback, useState } from 'react';
import { useMounted } from '../../app/use-mounted';
import { positionProblem } from './session-figures';

export interface SessionPosition {
  latitude: number;
  longitude: number;
  /** How sure the browser is, in metres. */
  accuracy: number;
}

/**
 * The collaborator's position, asked of the browser only when a session needs it (standard and
 * high security), fresh and as precise as the phone can: not the customers' search position
 * (app/position.ts), which it neither reads nor changes. `locate` answers null and sets `problem`
 * when the browser refuses or fails.
 */
export function useSessionPosition() {
  const [position, setPosition] = useState<SessionPosition | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const mounted = useMounted();

  const locate = useCallback(
    () =>
      new Promise<SessionPosition | null>((resolve) => {
        if (!('geolocation' in navigator)) {
          setProblem(positionProblem(null));
          resolve(null);
          return;
        }
        setLocating(true);
        setProblem(null);
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => {
            const found = { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy };
            if (mounted.current) {
              setPosition(found);
              setLocating(false);
            }
            resolve(found);
          },
          (error) => {
            if (mounted.current) {
              setProblem(positionProblem(error.code));
              setLocating(false);
            }
            resolve(null);
          },
          { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
        );
      }),
    [mounted],
  );

  return { position, problem, locating, locate };
}
