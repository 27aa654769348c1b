import ScheduleIcon from '@mui/icons-material/Schedule';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Link } from 'react-router-dom';

/** Without hours the shop takes no pickups and no reservations: what the owner is told wherever they are missing. */
export const missingHoursText = 'Finché non indichi gli orari di apertura, i clienti vedono «Orari non indicati» e non possono ritirare né prenotare da te.';

/** The owner's invitation to state the shop's hours, on the dashboard and the store's page while they are missing. */
export function MissingHoursNotice() {
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      <AlertTitle>Orari non indicati</AlertTitle>
      {missingHoursText}
      <Box sx={{ mt: 1.5 }}>
        <Button component={Link} to="/shopkeeper/store/settings?sezione=orari" variant="contained" size="small" startIcon={<ScheduleIcon />}>
          Aggiungi gli orari
        </Button>
      </Box>
    </Alert>
  );
}
