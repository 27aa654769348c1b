import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { Box, Button } from '@mui/material';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { Skeletons } from '../../components/Skeletons';
import { ApiError, errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { useCase } from './api';
import { kindLabel } from './case-figures';
import { CaseView } from './CaseView';
import { casesPath } from './paths';
import { PartyMoves } from './PartyMoves';

/** /complaints/:id (and /customer/complaints/:id) — one of my cases: what it waits for, my actions, its files and story. */
export default function CasePage() {
  const { id } = useParams();
  const { user } = useAuth();
  const found = useCase(id);
  const back = (
    <Button component={Link} to={casesPath(user?.role)} color="inherit" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      I miei casi
    </Button>
  );
  if (found.isPending)
    return (
      <>
        {back}
        <Skeletons label="Caricamento del caso" heights={[64, 240, 200]} gap={2} />
      </>
    );
  if (found.isError || !found.data) {
    const missing = found.error instanceof ApiError && found.error.status === 404;
    return (
      <>
        {back}
        <EmptyState
          icon={<ReportProblemIcon />}
          title={missing ? 'Caso non trovato' : 'Non riusciamo a mostrare il caso'}
          text={missing ? 'Il caso non esiste o non ti riguarda.' : errorText(found.error, 'Riprova tra poco.')}
        />
      </>
    );
  }
  const c = found.data;
  return (
    <Box sx={{ minWidth: 0 }}>
      {back}
      <DashboardHeader title={c.title} subtitle={`${kindLabel(c)} · ${c.storeName} · presentato il ${formatDateTime(c.submittedAt)}`} />
      <CaseView c={c} moves={<PartyMoves c={c} />} />
    </Box>
  );
}
