import { Alert } from '@mui/material';

export default function MaintenanceNotice({ admin }: { admin: boolean }) {
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0, justifyContent: 'center' }}>
      {admin
        ? 'Modalità manutenzione attiva: solo gli amministratori possono modificare i dati.'
        : 'Il sito è in manutenzione: puoi consultare negozi e prodotti, ma ordini, prenotazioni e modifiche sono sospesi per qualche minuto.'}
    </Alert>
  );
}
