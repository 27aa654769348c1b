import AssignmentIcon from '@mui/icons-material/Assignment';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import StarsIcon from '@mui/icons-material/Stars';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCollaboratorProfile, useCollaboratorTasks } from '../api';
import { useAuth } from '../../../app/auth';
import { FullPageSpinner } from '../../../app/guards';
import { formatDate } from '../../../lib/dates';
import { RecentList } from '../../../components/RecentList';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { StatusBadge } from '../../../components/StatusBadge';
import { DashboardHeader } from '../../../components/DashboardHeader';

const active = new Set(['pending', 'accepted', 'in_progress']);

/** /dashboard/collaborator (spec §2): tasks, credits, account status; an invitation without a profile. */
export default function CollaboratorDashboard() {
  const { user } = useAuth();
  const profile = useCollaboratorProfile(user!.id);
  const { data: tasks = [] } = useCollaboratorTasks();
  if (profile.isLoading) return <FullPageSpinner />;
  if (profile.isError) return <Alert severity="error">{profile.error.message}</Alert>;
  if (!profile.data) {
    return (
      <>
        <DashboardHeader title="Area collaboratore" />
        <Card>
          <CardContent>
            <Typography variant="h4" component="h2" sx={{ mb: 1 }}>Completa la tua registrazione</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Per ricevere incarichi dai negozi della tua zona serve il profilo da collaboratore: area di copertura,
              disponibilità e servizi che offri.
            </Typography>
            <Button component={Link} to="/collaborator/register" variant="contained">Completa il profilo</Button>
          </CardContent>
        </Card>
      </>
    );
  }
  return (
    <>
      <DashboardHeader
        title="Area collaboratore"
        aside={<Chip label={profile.data.status === 'active' ? 'Attivo' : 'Inattivo'} color={profile.data.status === 'active' ? 'success' : 'default'} />}
      />
      <StatGrid>
        <StatCard label="Incarichi totali" value={tasks.length} icon={<AssignmentIcon />} />
        <StatCard label="Attivi" value={tasks.filter((t) => active.has(t.status)).length} icon={<PendingActionsIcon />} />
        <StatCard label="Completati" value={tasks.filter((t) => t.status === 'completed').length} icon={<TaskAltIcon />} />
        <StatCard label="Crediti guadagnati" value={profile.data.creditsEarned} icon={<StarsIcon />} />
      </StatGrid>
      <RecentList
        title="Ultimi incarichi"
        items={tasks}
        empty="Nessun incarico per ora."
        render={(t) => (
          <>
            <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap>{t.title}</Typography>
            <Typography variant="body2" color="text.secondary">{t.storeName} · {formatDate(t.createdAt)}</Typography>
            <StatusBadge status={t.status} />
          </>
        )}
      />
    </>
  );
}
