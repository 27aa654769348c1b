import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import { Alert, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { CardGrid } from '../../components/CardGrid';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { Skeletons } from '../../components/Skeletons';
import { errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { useReports } from './api';
import { ReportChips } from './ReportParts';

/** /collaborator/reports — «Le mie segnalazioni»: the reports on my assignments, whoever sent them, newest first. */
export default function ReportsPage() {
  const reports = useReports();
  return (
    <>
      <DashboardHeader title="Le mie segnalazioni" subtitle="I problemi segnalati sui tuoi incarichi e le risposte dell’amministrazione" />
      {reports.isPending ? (
        <Skeletons label="Caricamento delle segnalazioni" heights={[120, 120]} gap={2} />
      ) : reports.isError ? (
        <Alert severity="error">{errorText(reports.error, 'Impossibile caricare le segnalazioni.')}</Alert>
      ) : reports.data.length === 0 ? (
        <EmptyState icon={<ReportIcon />} title="Nessuna segnalazione" text="Se qualcosa non va in un incarico, aprilo e usa «Segnala un problema»." />
      ) : (
        <CardGrid min={300}>
          {reports.data.map((r) => (
            <Card key={r.id} component="article">
              <CardActionArea component={Link} to={`/collaborator/reports/${r.id}`} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'grid', gap: 1 }}>
                  <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                    {r.title}
                  </Typography>
                  <ReportChips report={r} />
                  <Typography variant="body2" color="text.secondary">
                    {r.storeName} · {r.collaboratorName ?? 'Collaboratore'} · inviata il {formatDateTime(r.createdAt)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </CardGrid>
      )}
    </>
  );
}
