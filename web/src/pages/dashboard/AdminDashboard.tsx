import ExploreIcon from '@mui/icons-material/Explore';
import GroupIcon from '@mui/icons-material/Group';
import HomeIcon from '@mui/icons-material/Home';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchIcon from '@mui/icons-material/Search';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { Box, Card, CardContent, Chip, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAdminStats } from '../../api/dashboards';
import { StatCard, StatGrid } from '../../components/StatCard';
import { RecentList } from '../../components/RecentList';
import { formatDate } from '../../components/format';
import { DashboardHeader } from './DashboardHeader';

/** Italian names of the read models (src/projections/all.ts). */
const readModelNames: Record<string, string> = { users: 'Utenti', 'site-settings': 'Impostazioni del sito', stores: 'Negozi' };

interface Health {
  status: string;
  eventStore: { adapter: string };
  projections: { name: string; lag: number; lastError: string | null; updatedAt: string | null }[];
}

/* Only screens that exist (router.tsx): the admin management screens will join as they are built. */
const quickActions = [
  { to: '/', label: 'Apri il sito', text: 'La home page come la vedono i clienti', icon: <HomeIcon /> },
  { to: '/search', label: 'Cerca nel catalogo', text: 'I prodotti dei negozi attivi, per zona', icon: <SearchIcon /> },
  { to: '/info/panoramica', label: 'Panoramica della piattaforma', text: 'Come Vicino si presenta a clienti e negozi', icon: <ExploreIcon /> },
  { to: '/components-demo', label: "Kit dell'interfaccia", text: 'I componenti condivisi delle schermate', icon: <WidgetsIcon /> },
];

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
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, mb: 3 }}>
        <Card component="nav" aria-labelledby="admin-quick-actions">
          <CardContent>
            <Typography id="admin-quick-actions" variant="h4" component="h2" sx={{ mb: 1 }}>Azioni rapide</Typography>
            <List disablePadding>
              {quickActions.map((a) => (
                <ListItemButton key={a.to} component={Link} to={a.to} sx={{ borderRadius: 2 }}>
                  <ListItemIcon>{a.icon}</ListItemIcon>
                  <ListItemText primary={a.label} secondary={a.text} />
                </ListItemButton>
              ))}
            </List>
          </CardContent>
        </Card>
        {/* No event feed exists yet (a later issue builds it from the event log): an honest empty list, not sample text. */}
        <Card component="section" aria-labelledby="admin-recent-activity">
          <CardContent>
            <Typography id="admin-recent-activity" variant="h4" component="h2" sx={{ mb: 1.5 }}>Attività recente</Typography>
            <Typography color="text.secondary">
              Nessuna attività da mostrare: il registro delle attività della piattaforma (nuovi utenti, negozi e ordini) non è ancora disponibile.
            </Typography>
          </CardContent>
        </Card>
      </Box>
      {health && (
        <RecentList
          title={`Modelli di lettura (event store: ${health.eventStore.adapter === 'esdb' ? 'EventStoreDB' : 'PostgreSQL'})`}
          items={health.projections.map((p) => ({ ...p, id: p.name }))}
          limit={50}
          empty="Nessuna proiezione."
          render={(p) => (
            <>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 120 }}>{readModelNames[p.name] ?? p.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {p.updatedAt ? `aggiornato il ${formatDate(p.updatedAt)}` : 'mai eseguito'}
              </Typography>
              <Chip size="small" color={p.lastError ? 'error' : p.lag === 0 ? 'success' : 'warning'} label={p.lastError ? 'Errore' : p.lag === 0 ? 'Allineato' : `${p.lag} eventi indietro`} />
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
