import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HistoryIcon from '@mui/icons-material/History';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { refundStatusLabels } from '@pure/reports/labels';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { Facts } from '../../components/Facts';
import { SectionCard } from '../../components/SectionCard';
import { Skeletons } from '../../components/Skeletons';
import { Timeline } from '../../components/Timeline';
import { errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useReport } from './api';
import { ReportChips, timelineSteps } from './ReportParts';

const backLink = (
  <Button component={Link} to="/collaborator/reports" startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1 }}>
    Tutte le segnalazioni
  </Button>
);

/** /collaborator/reports/:id — one report for either side: what was reported, the admin's answer and refund, and who did what when. */
export default function ReportPage() {
  const { id } = useParams();
  const report = useReport(id);
  if (report.isPending)
    return (
      <>
        {backLink}
        <Skeletons label="Caricamento della segnalazione" heights={[64, 220, 160]} gap={2} />
      </>
    );
  if (report.isError || !report.data) {
    return (
      <>
        {backLink}
        <EmptyState
          icon={<ReportIcon />}
          title={report.isError ? 'Non riusciamo a mostrare la segnalazione' : 'Segnalazione non trovata'}
          text={report.isError ? errorText(report.error, 'Riprova tra poco.') : 'La segnalazione non esiste o non riguarda i tuoi incarichi.'}
        />
      </>
    );
  }
  const r = report.data;
  const answered = r.status === 'resolved' || r.status === 'closed';
  return (
    <>
      {backLink}
      <DashboardHeader
        title={r.title}
        subtitle={`Inviata il ${formatDateTime(r.createdAt)} da ${r.reportedByName ?? (r.reporterRole === 'shopkeeper' ? 'il negozio' : 'il collaboratore')}`}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Card component="section" aria-label="Segnalazione">
          <CardContent sx={{ display: 'grid', gap: 1.5, p: { xs: 2, sm: 3 } }}>
            <ReportChips report={r} />
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.description}</Typography>
            {r.adminResponse && (
              <Alert severity={r.status === 'resolved' ? 'success' : 'info'}>
                <Typography sx={{ fontWeight: 700 }}>Risposta dell’amministrazione</Typography>
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.adminResponse}</Typography>
              </Alert>
            )}
            {!answered && (
              <Alert severity="info">
                {r.status === 'open' ? 'L’amministrazione non ha ancora preso in carico la segnalazione.' : 'L’amministrazione sta verificando la segnalazione.'}
              </Alert>
            )}
            <Facts
              rows={[
                ['Negozio', r.storeName],
                ['Collaboratore', r.collaboratorName ?? '—'],
                [
                  'Incarico',
                  <Link key="a" to={`/collaborator/assignments/${r.assignmentId}`}>
                    {r.assignmentDescription ?? 'Apri l’incarico'}
                  </Link>,
                ],
                ...(r.resolutionAction ? [['Azione risolutiva', r.resolutionAction] as [string, ReactNode]] : []),
                ...(r.refundAmount !== null
                  ? [['Rimborso al negozio', `${formatMoney(r.refundAmount)} · ${refundStatusLabels[r.refundStatus].toLowerCase()}`] as [string, ReactNode]]
                  : []),
              ]}
            />
          </CardContent>
        </Card>
        <SectionCard title="Cronologia" icon={<HistoryIcon />}>
          <Timeline steps={timelineSteps(r)} />
        </SectionCard>
      </Box>
    </>
  );
}
