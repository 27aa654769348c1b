import { plural } from '@platform/domain/format';
import AssignmentIcon from '@mui/icons-material/Assignment';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import StarIcon from '@mui/icons-material/Star';
import StarsIcon from '@mui/icons-material/Stars';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, Chip, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../app/auth';
import { FullPageSpinner } from '../../../app/guards';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { RecentList } from '../../../components/RecentList';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { useRequests } from '../../collaboration-requests/api';
import { isActive, taskStatusChips, useMyTasks } from '../../tasks/api';
import { useOwnProfile, useStoresInArea } from '../../collaborators/api';
import { approvalLabels } from '../../collaborators/labels';
import { RegisterInvitation } from '../../collaborators/RegisterInvitation';
import { formatDate } from '../../../lib/dates';

/** /dashboard/collaborator (spec §2): account, approval, rating, credits, availability, shops in my area, tasks; an invitation without a profile. */
export default function CollaboratorDashboard() {
  const { user } = useAuth();
  const profile = useOwnProfile(user!.id);
  const shops = useStoresInArea({ enabled: !!profile.data });
  // Spec §2 and §7: total, active and completed tasks and the 5 latest, from GET /api/collaborators/tasks.
  const myTasks = useMyTasks({ enabled: !!profile.data });
  const tasks = myTasks.data ?? [];
  const taskFigure = (n: number) => (myTasks.isPending ? '…' : myTasks.isError ? '—' : n);
  const requests = useRequests();
  const mine = (requests.data ?? []).filter((r) => !r.takenByOther);
  const toAnswer = mine.filter((r) => r.status === 'waiting' || r.status === 'pending').length;
  const accepted = mine.filter((r) => r.status === 'accepted' || r.status === 'completed').length;
  const confirmed = mine.filter((r) => r.unlock?.unlockStatus === 'purchased').length;
  if (profile.isPending) return <FullPageSpinner />;
  if (profile.isError) return <Alert severity="error">Impossibile caricare il profilo da collaboratore. Riprova più tardi.</Alert>;
  if (!profile.data) {
    return (
      <>
        <DashboardHeader title="Area collaboratore" />
        <RegisterInvitation />
      </>
    );
  }
  const p = profile.data;
  const approval = approvalLabels[p.approvalStatus];
  const active = p.status === 'active';
  return (
    <>
      <DashboardHeader
        title="Area collaboratore"
        subtitle={`Ciao ${p.name || user!.username}: ecco la tua attività.`}
        aside={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip label={active ? 'Attivo' : 'Inattivo'} color={active ? 'success' : 'default'} />
            <Chip label={approval.label} color={approval.color} variant="outlined" />
          </Box>
        }
      />
      {p.approvalStatus !== 'approved' && (
        <Alert severity={p.approvalStatus === 'pending' ? 'info' : 'warning'} sx={{ mb: 3 }}>
          {p.approvalStatus === 'pending'
            ? 'Il tuo profilo è in attesa di approvazione: fino ad allora i negozi non ti vedono.'
            : 'I negozi non ti vedono finché il profilo non è approvato.'}{' '}
          <MuiLink component={Link} to="/collaborator/profile">
            Vai al profilo
          </MuiLink>
        </Alert>
      )}
      {/* Words, not only numbers: one column on a phone, three on a wide screen, so none is cut. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, mb: 3 }}>
        <StatCard label="Stato account" value={active ? 'Attivo' : 'Inattivo'} hint={active ? 'Ricevi richieste' : 'Non ricevi richieste'} icon={<VerifiedUserIcon />} />
        <StatCard label="Approvazione" value={approval.label} icon={<HowToRegIcon />} />
        <StatCard label="Valutazione" value={`${p.rating.toLocaleString('it-IT', { maximumFractionDigits: 1 })}/5`} icon={<StarIcon />} />
        <StatCard label="Crediti guadagnati" value={p.creditsEarned.toLocaleString('it-IT')} icon={<StarsIcon />} />
        <StatCard label="Disponibilità" value={p.isAvailable ? 'Disponibile' : 'Non disponibile'} hint={p.availability || undefined} icon={<EventAvailableIcon />} />
        <StatCard
          label="Negozi nella zona"
          value={shops.data ? shops.data.total.toLocaleString('it-IT') : shops.isError ? '—' : '…'}
          hint={
            <MuiLink component={Link} to="/collaborator/stores-map">
              Entro {p.coverageArea.radiusKm.toLocaleString('it-IT')} km: vedi la mappa
            </MuiLink>
          }
          icon={<StorefrontIcon />}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h4" component="h2">
          Richieste dei negozi
        </Typography>
        <MuiLink component={Link} to="/collaborator/requests">
          Vai alle richieste
        </MuiLink>
      </Box>
      <StatGrid>
        <StatCard label="Da rispondere" value={requests.isPending ? '…' : toAnswer} icon={<MarkEmailUnreadIcon />} />
        <StatCard label="Accettate" value={requests.isPending ? '…' : accepted} icon={<HandshakeIcon />} />
        <StatCard label="Confermate dal negozio" value={requests.isPending ? '…' : confirmed} icon={<VerifiedIcon />} />
      </StatGrid>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5, mt: 3 }}>
        <Typography variant="h4" component="h2">
          Attività e consegne
        </Typography>
        <MuiLink component={Link} to="/collaborator/tasks">
          Vai alle attività
        </MuiLink>
      </Box>
      <StatGrid>
        <StatCard label="Attività totali" value={taskFigure(tasks.length)} icon={<AssignmentIcon />} />
        <StatCard label="Attive" value={taskFigure(tasks.filter(isActive).length)} icon={<PendingActionsIcon />} />
        <StatCard label="Completate" value={taskFigure(tasks.filter((t) => t.status === 'completed').length)} icon={<TaskAltIcon />} />
      </StatGrid>
      <RecentList
        title="Ultime attività"
        items={tasks}
        empty={myTasks.isError ? 'Impossibile caricare le attività.' : 'Nessuna attività.'}
        render={(t) => (
          <>
            <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{t.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t.storeName} · {formatDate(t.createdAt)}
                {t.credits > 0 ? ` · ${plural(t.credits, 'credito', 'crediti')}` : ''}
              </Typography>
            </Box>
            <Chip size="small" color={taskStatusChips[t.status].color} label={taskStatusChips[t.status].label} />
          </>
        )}
      />
    </>
  );
}
