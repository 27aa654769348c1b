import GroupIcon from '@mui/icons-material/Group';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Card, CardContent, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
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
