import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { formatPickupTime } from '../../lib/dates';

/* Pieces the confirmation and the order page share. */

/** The 6-digit code the customer shows at the counter: big, spaced, easy to read aloud. */
export function PickupCode({ code, pickupTime }: { code: string; pickupTime: string | null }) {
  return (
    <Box
      sx={(t) => ({ borderRadius: 3, p: { xs: 2, sm: 2.5 }, textAlign: 'center', bgcolor: alpha(t.palette.primary.main, 0.28), border: `2px dashed ${t.palette.secondary.main}` })}
    >
      <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: '0.12em' }} id="pickup-code-label">Codice di ritiro</Typography>
      <Typography
        aria-labelledby="pickup-code-label"
        data-testid="pickup-code"
        sx={{ fontSize: { xs: '2.4rem', sm: '3rem' }, fontWeight: 800, letterSpacing: '0.25em', fontVariantNumeric: 'tabular-nums', lineHeight: 1.2, mr: '-0.25em' }}
      >
        {code}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Mostralo al banco{pickupTime ? ` ${formatPickupTime(pickupTime)}` : ''}: il negoziante lo inserisce per consegnarti l’ordine.
      </Typography>
    </Box>
  );
}

/** The 6-digit code the customer gives at the door to the collaborator who delivers: without it the delivery is not completed. */
export function DeliveryCode({ code, collaboratorName }: { code: string; collaboratorName: string }) {
  return (
    <Box
      sx={(t) => ({ borderRadius: 3, p: { xs: 2, sm: 2.5 }, textAlign: 'center', bgcolor: alpha(t.palette.primary.main, 0.28), border: `2px dashed ${t.palette.secondary.main}` })}
    >
      <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: '0.12em' }} id="delivery-code-label">Codice di consegna</Typography>
      <Typography
        aria-labelledby="delivery-code-label"
        data-testid="delivery-code"
        sx={{ fontSize: { xs: '2.4rem', sm: '3rem' }, fontWeight: 800, letterSpacing: '0.25em', fontVariantNumeric: 'tabular-nums', lineHeight: 1.2, mr: '-0.25em' }}
      >
        {code}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Dallo a {collaboratorName} quando ti consegna l’ordine: senza codice la consegna non si completa.
      </Typography>
    </Box>
  );
}
