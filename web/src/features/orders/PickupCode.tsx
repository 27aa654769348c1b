import DirectionsIcon from '@mui/icons-material/Directions';
import { Box, Button, Typography } from '@mui/material';
import { directionsUrl } from '@pure/stores/directions';
import { useChosenPosition } from '../../app/position';
import { CodeBox } from '../../components/CodeBox';
import { formatPickupTime } from '../../lib/dates';
import { useMapSettings } from '../site-settings/api';

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

/** Where to collect the order, with the way there in the maps the admin chose, from where the customer is (issue [22]). */
export function PickupPlace({ name, address, latitude, longitude }: { name: string; address: string; latitude: number; longitude: number }) {
  const { directionsApp } = useMapSettings();
  const from = useChosenPosition();
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        Ritiro da {name}: {address}
      </Typography>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        startIcon={<DirectionsIcon />}
        href={directionsUrl(directionsApp, { latitude, longitude }, from)}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ borderColor: 'divider' }}
      >
        Indicazioni
      </Button>
    </Box>
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
