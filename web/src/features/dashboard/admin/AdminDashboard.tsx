import { lagText } from '../../data-management/projection-progress';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import GroupIcon from '@mui/icons-material/Group';
import HomeIcon from '@mui/icons-material/Home';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Card, CardContent, Chip, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAdminStats } from '../api';
import type { RecentEvent } from '@contracts/data-management';
import type { Health as PlatformHealth } from '@platform/http/platform-contract';
import { roleLabels, type Role } from '../../../lib/types';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { RecentList } from '../../../components/RecentList';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { CaseSummaryCard } from '../../complaints/admin/CaseSummaryCard';

/** GET /api/health as an admin reads it: with the event store and every read model. */
type Health = PlatformHealth & Required<Pick<PlatformHealth, 'eventStore' | 'projections'>>;

/* The back office's screens (web/src/admin): the work an admin comes here for. */
const quickActions = [
  { to: '/admin/stores', label: 'Negozi da approvare', text: 'I negozi in attesa per primi: approva, sospendi, riattiva', icon: <StorefrontIcon /> },
  { to: '/admin/users', label: 'Utenti', text: 'Ruoli e stato degli account', icon: <GroupIcon /> },
  { to: '/admin/orders', label: 'Ordini', text: 'Ogni ordine con la sua cronologia', icon: <ReceiptLongIcon /> },
  { to: '/admin/analytics', label: 'Analisi', text: 'Ordini, incassi e nuovi utenti per giorno', icon: <AnalyticsIcon /> },
  { to: '/admin/data-management', label: 'Gestione dati', text: 'Proiezioni, ricostruzione ed esportazione degli eventi', icon: <StorageIcon /> },
  { to: '/admin/site-settings', label: 'Impostazioni del sito', text: 'Nome, logo, colori, manutenzione', icon: <SettingsIcon /> },
  { to: '/', label: 'Apri il sito', text: 'La home page come la vedono i clienti', icon: <HomeIcon /> },
];

const actorText = (actor: RecentEvent['actor']) => (actor ? `${actor.username ?? 'utente eliminato'} (${roleLabels[actor.role as Role] ?? actor.role})` : 'Sistema');

/** The latest events of the platform (new users, stores, orders…), as they were recorded. */
function RecentActivity() {
  const { data, isError } = useQuery<RecentEvent[] | null>({ queryKey: ['/api/admin/events/recent?limit=10'], staleTime: 10_000 });
  return (
    <RecentList
      title="Attività recente"
      items={(data ?? []).map((e) => ({ ...e, id: e.position }))}
      limit={10}
      empty={isError ? 'Attività recente non disponibile.' : 'Nessuna attività registrata.'}
      render={(e) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{e.italianName}</Typography>
          <Typography variant="body2">{e.summary}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(e.time)} · {actorText(e.actor)}
          </Typography>
        </Box>
      )}
    />
  );
}

/** /dashboard/admin: the platform's figures (spec §2) and how the read models stand. */
export default function AdminDashboard() {
  const { data: stats } = useAdminStats();
  const { data: health } = useQuery<Health | null>({ queryKey: ['/api/health'], staleTime: 10_000 });
  return (
    <>
      <DashboardHeader title="Pannello di amministrazione" subtitle="Lo stato della piattaforma a colpo d'occhio." />
      <StatGrid>
        <StatCard label="Utenti" value={stats?.users ?? 0} icon={<GroupIcon />} />
        <StatCard label="Negozi" value={stats?.stores ?? 0} icon={<StorefrontIcon />} />
        <StatCard label="Prodotti" value={stats?.products ?? 0} icon={<Inventory2Icon />} />
        <StatCard label="Ordini" value={stats?.orders ?? 0} icon={<ReceiptLongIcon />} />
      </StatGrid>
      <CaseSummaryCard />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, mb: 3 }}>
        <Card component="nav" aria-labelledby="admin-quick-actions">
          <CardContent>
            <Typography id="admin-quick-actions" variant="h4" component="h2" sx={{ mb: 1 }}>
              Azioni rapide
            </Typography>
            <List disablePadding>
              {quickActions.map((a) => (
                <ListItem key={a.to} disablePadding>
                  <ListItemButton component={Link} to={a.to} sx={{ borderRadius: 2 }}>
                    <ListItemIcon>{a.icon}</ListItemIcon>
                    <ListItemText primary={a.label} secondary={a.text} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Box component="section" aria-label="Attività recente">
          <RecentActivity />
        </Box>
      </Box>
      {health && (
        <RecentList
          title={`Modelli di lettura (event store: ${health.eventStore.adapter === 'esdb' ? 'EventStoreDB' : 'PostgreSQL'})`}
          items={health.projections.map((p) => ({ ...p, id: p.name }))}
          limit={50}
          empty="Nessuna proiezione."
          render={(p) => (
            <>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 120 }}>{p.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {p.updatedAt ? `aggiornato il ${formatDate(p.updatedAt)}` : 'mai eseguito'}
              </Typography>
              <Chip
                size="small"
                color={p.lastError ? 'error' : p.lag === 0 ? 'success' : 'warning'}
                label={p.failedEvent ? 'Fermo a un evento' : p.lastError ? 'Errore' : lagText(p.lag)}
              />
            </>
          )}
        />
      )}
      {!health && (
        <Card>
          <CardContent>
            <Typography color="text.secondary">Stato della piattaforma non disponibile.</Typography>
          </CardContent>
        </Card>
      )}
    </>
  );
}
