import EuroIcon from '@mui/icons-material/Euro';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Typography } from '@mui/material';
import { useMyStore, useStoreOrders, useStoreProducts } from '../../api/dashboards';
import { FullPageSpinner } from '../../app/guards';
import { formatDate, formatMoney } from '../../components/format';
import { RecentList } from '../../components/RecentList';
import { StatCard, StatGrid } from '../../components/StatCard';
import { StatusBadge } from '../../components/StatusBadge';
import { DashboardHeader } from './DashboardHeader';

const inProgress = new Set(['pending', 'preparing']);

/** /dashboard/shopkeeper (spec §2): products, orders, this month's revenue, views, latest orders. */
export default function ShopkeeperDashboard() {
  const { data: store, isLoading } = useMyStore();
  const { data: products = [] } = useStoreProducts(store?.id);
  const { data: orders = [] } = useStoreOrders(store?.id);
  if (isLoading) return <FullPageSpinner />;
  if (!store) {
    return (
      <>
        <DashboardHeader title="Il tuo negozio" />
        <Alert severity="info">Non hai ancora un negozio su Vicino: quando lo crei, qui trovi prodotti, ordini e incassi.</Alert>
      </>
    );
  }
  const now = new Date();
  const monthly = orders
    .filter((o) => {
      const created = new Date(o.createdAt);
      return created.getFullYear() === now.getFullYear() && created.getMonth() === now.getMonth();
    })
    .reduce((sum, o) => sum + o.total, 0);
  return (
    <>
      <DashboardHeader
        title={store.name}
        subtitle="Il riepilogo del tuo negozio."
        aside={<Box aria-label="Stato del negozio"><StatusBadge status={store.status} kind="store" /></Box>}
      />
      <StatGrid>
        <StatCard label="Prodotti" value={products.length} hint={`${products.filter((p) => p.status === 'active').length} attivi`} icon={<Inventory2Icon />} />
        <StatCard label="Ordini" value={orders.length} hint={`${orders.filter((o) => inProgress.has(o.status)).length} in corso`} icon={<ReceiptLongIcon />} />
        <StatCard label="Incasso del mese" value={formatMoney(monthly)} icon={<EuroIcon />} />
        <StatCard label="Visite al negozio" value={store.views} icon={<VisibilityIcon />} />
      </StatGrid>
      <RecentList
        title="Ultimi ordini"
        items={orders}
        empty="Ancora nessun ordine: arriveranno qui appena i clienti compreranno."
        render={(o) => (
          <>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>{o.customerName}</Typography>
              <Typography variant="body2" color="text.secondary">{formatDate(o.createdAt)}</Typography>
            </Box>
            <Typography sx={{ fontWeight: 700 }}>{formatMoney(o.total)}</Typography>
            <StatusBadge status={o.status} />
          </>
        )}
      />
    </>
  );
}
