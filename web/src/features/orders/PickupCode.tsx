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

/** The 6-digit code the customer gives at the door to the collaborator who delivers: without it the delivery is not completed. */
export function DeliveryCode({ code, collaboratorName }: { code: string; collaboratorName: string }) {
  return (
    <CodeBox
      label="Codice di consegna"
      code={code}
      testId="delivery-code"
      hint={<>Dallo a {collaboratorName} quando ti consegna l’ordine: senza codice la consegna non si completa.</>}
    />
  );
}
