import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { Alert, Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { typeLabels } from '@labels/complaints';
import { useAuth } from '../../app/auth';
import { CountTabs } from '../../components/CountTabs';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { Skeletons } from '../../components/Skeletons';
import { errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { useCases, type CaseRecord } from './api';
import { awaitedText, canRespond, decided } from './case-figures';
import { CaseChips } from './CaseView';
import { casePath } from './paths';

type Tab = 'open' | 'decided';

/** One case on the list: its state, title, who it is with, what it waits for. */
export function CaseRow({ c, to }: { c: CaseRecord; to: string }) {
  const awaited = awaitedText(c);
  const mine = canRespond(c) || c.canAppeal;
  return (
    <Card variant="outlined" component="article" aria-label={c.title} sx={{ borderRadius: 3, minWidth: 0, borderColor: mine ? 'warning.main' : undefined }}>
      <CardActionArea component={Link} to={to}>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1, alignItems: 'center' }}>
          <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0 }}>
            <CaseChips c={c} />
            <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
              {c.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {typeLabels[c.complaintType]} · {c.storeName} · {c.myRole === 'respondent' ? `presentato da ${c.complainant.name}` : `con ${c.respondent.name}`} ·{' '}
              {formatDateTime(c.submittedAt)}
            </Typography>
            {awaited && (
              <Typography variant="body2" sx={{ fontWeight: 600, color: c.late && !decided(c) ? 'error.main' : mine ? 'warning.dark' : 'text.primary' }}>
                {awaited}
              </Typography>
            )}
          </Box>
          <ChevronRightIcon color="action" />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /complaints (and /customer/complaints) — "I miei casi": the complaints and disputes I filed or that concern me, open ones first. */
export default function CasesPage() {
  const { user } = useAuth();
  const cases = useCases();
  const [tab, setTab] = useState<Tab>('open');
  const all = cases.data ?? [];
  const open = all.filter((c) => !decided(c) || c.canAppeal || c.compensation.status === 'pending' || c.compensation.status === 'approved');
  const closed = all.filter((c) => !open.includes(c));
  const shown = tab === 'open' ? open : closed;
  const howTo =
    user?.role === 'customer'
      ? 'Per contestare un ordine completato (entro 14 giorni) apri l’ordine da «I miei ordini» e scegli «Segnala un problema».'
      : 'Per segnalare un problema su una sessione di collaborazione apri l’incarico, scegli «Segnala un problema» e poi la sessione.';
  return (
    <>
      <DashboardHeader title="I miei casi" subtitle="Reclami e contestazioni: il loro stato e cosa aspettano." />
      {cases.isPending ? (
        <Skeletons label="Caricamento dei casi" heights={[120, 120]} gap={2} />
      ) : cases.isError ? (
        <Alert severity="error">{errorText(cases.error, 'Impossibile caricare i casi.')}</Alert>
      ) : all.length === 0 ? (
        <EmptyState icon={<ReportProblemIcon />} title="Nessun caso" text={howTo} />
      ) : (
        <>
          <CountTabs
            tabs={[
              { value: 'open', label: 'In corso' },
              { value: 'decided', label: 'Chiusi' },
            ]}
            value={tab}
            counts={{ open: open.length, decided: closed.length }}
            urgent="open"
            onChange={setTab}
          />
          {shown.length === 0 ? (
            <Typography color="text.secondary">{tab === 'open' ? 'Nessun caso in corso.' : 'Nessun caso chiuso.'}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              {shown.map((c) => (
                <CaseRow key={c.id} c={c} to={casePath(user?.role, c.id)} />
              ))}
            </Box>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {howTo}
          </Typography>
        </>
      )}
    </>
  );
}
