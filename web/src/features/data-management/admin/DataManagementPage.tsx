import { Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { EventExport } from './EventExport';
import { ProjectionsTable } from './ProjectionsTable';

/** /admin/data-management: the read models built from the event log, their rebuild, and the log's export. */
export function DataManagementPage() {
  return (
    <>
      <Title title="Gestione dati" />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Proiezioni
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            I modelli di lettura costruiti dal registro degli eventi: versione, posizione raggiunta, eventi ancora da elaborare e ultimo errore.
          </Typography>
          <ProjectionsTable />
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Esporta il registro degli eventi
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Un evento per riga (NDJSON), con i segreti mascherati.
          </Typography>
          <EventExport />
        </CardContent>
      </Card>
    </>
  );
}
