import { Alert } from '@mui/material';
import { useSiteSettings } from '../api/site-settings';
import { useAuth } from '../app/auth';

/** While the admin has the site in maintenance, every page says so: writes are refused with 503. */
export function MaintenanceBanner() {
  const { data } = useSiteSettings();
  const { user } = useAuth();
  if (!data?.maintenanceMode) return null;
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0, justifyContent: 'center' }}>
      {user?.role === 'admin'
        ? 'Modalità manutenzione attiva: solo gli amministratori possono modificare i dati.'
        : 'Il sito è in manutenzione: puoi consultare negozi e prodotti, ma ordini, prenotazioni e modifiche sono sospesi per qualche minuto.'}
    </Alert>
  );
}
