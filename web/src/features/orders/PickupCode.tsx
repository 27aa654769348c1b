import { CodeBox } from '../../components/CodeBox';
import { formatPickupTime } from '../../lib/dates';

/* Pieces the confirmation and the order page share. */

/** The 6-digit code the customer shows at the counter: big, spaced, easy to read aloud. */
export function PickupCode({ code, pickupTime }: { code: string; pickupTime: string | null }) {
  return (
    <CodeBox
      label="Codice di ritiro"
      code={code}
      testId="pickup-code"
      hint={<>Mostralo al banco{pickupTime ? ` ${formatPickupTime(pickupTime)}` : ''}: il negoziante lo inserisce per consegnarti l’ordine.</>}
    />
  );
}
