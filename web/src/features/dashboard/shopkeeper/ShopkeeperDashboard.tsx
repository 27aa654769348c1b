import AddIcon from '@mui/icons-material/Add';
import EuroIcon from '@mui/icons-material/Euro';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import VisibilityIcon from '@mui/icons-material/Visibility';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useStoreOrders, useStoreOrderTotals } from '../../orders/api';
import { useStoreProducts } from '../../products/api';
import { useMyStore } from '../../stores/api';
import { FullPageSpinner } from '../../../app/guards';
import { formatMoney } from '../../../lib/money';
import { RecentList } from '../../../components/RecentList';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatWhen, shopFigures } from '../../orders/shop/order-figures';
import { MissingHoursNotice } from '../../stores/shop/MissingHoursNotice';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { useSiteName } from '../../site-settings/api';

const quickActions = [
  { to: '/shopkeeper/products/new', label: 'Nuovo prodotto', icon: <AddIcon />, primary: true },
  { to: '/shopkeeper/orders', label: 'Ordini', icon: <ReceiptLongIcon />, primary: false },
  { to: '/shopkeeper/reservations', label: 'Prenotazioni', icon: <EventAvailableIcon />, primary: false },
  { to: '/shopkeeper/products', label: 'Prodotti', icon: <Inventory2Icon />, primary: false },
  { to: '/shopkeeper/store/settings', label: 'Impostazioni negozio', icon: <SettingsIcon />, primary: false },
];

/** A new shopkeeper's first step: the store comes before products and orders. */
function CreateStoreCallToAction() {
  const site = useSiteName();
  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Box sx={{ width: 56, height: 56, borderRadius: 3, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center' }}>
          <StorefrontIcon fontSize="large" />
        </Box>
        <Typography variant="h3" component="h2">
          Porta il tuo negozio su {site}
        </Typography>
        <Typography color="text.secondary">
          Non hai ancora un negozio: crealo in cinque passi (nome, posizione, orari e contatti). Dopo l'approvazione i clienti della zona lo trovano nelle ricerche, e qui vedrai
          prodotti, ordini e incassi.
        </Typography>
        <Button component={Link} to="/shopkeeper/store" variant="contained" size="large" startIcon={<StorefrontIcon />}>
          Crea il tuo negozio
        </Button>
      </CardContent>
    </Card>
  );
}

/** /dashboard/shopkeeper (spec §2): products, orders, this month's revenue, views, latest orders. */
export default function ShopkeeperDashboard() {
  const { data: store, isLoading, isError, isFetching, refetch } = useMyStore();
  const { data: products = [] } = useStoreProducts(store?.id);
  const { data: totals } = useStoreOrderTotals(store?.id);
  // Spec §9: the dashboard lists the 5 latest.
  const recent = useStoreOrders(store?.id, { pageSize: 5 });
  if (isLoading) return <FullPageSpinner />;
  // Only a 404 means "no store yet": after any other failure the invitation would end in a conflict.
  if (isError) {
    return (
      <>
        <DashboardHeader title="Il tuo negozio" />
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()} disabled={isFetching}>
              {isFetching ? 'Caricamento...' : 'Riprova'}
            </Button>
          }
        >
          Non è stato possibile leggere i dati del negozio: riprova tra poco.
        </Alert>
      </>
    );
  }
  if (!store) {
    return (
      <>
        <DashboardHeader title="Il tuo negozio" />
        <CreateStoreCallToAction />
      </>
    );
  }
  const now = new Date();
  const figures = shopFigures(totals);
  return (
    <>
      <DashboardHeader
        title={store.name}
        subtitle="Il riepilogo del tuo negozio."
        aside={
          <Box aria-label="Stato del negozio">
            <StatusBadge status={store.status} kind="store" />
          </Box>
        }
      />
      {store.openingHours === null && <MissingHoursNotice />}
      <StatGrid>
        <StatCard label="Prodotti" value={products.length} hint={`${products.filter((p) => p.status === 'active').length} attivi`} icon={<Inventory2Icon />} />
        <StatCard label="Ordini" value={figures.orderCount} hint={`${figures.inProgress} in corso`} icon={<ReceiptLongIcon />} />
        <StatCard
          label="Incasso del mese"
          value={formatMoney(figures.monthlyRevenue)}
          hint={`${figures.monthlyOrders} ${figures.monthlyOrders === 1 ? 'ordine' : 'ordini'} di ${now.toLocaleDateString('it-IT', { month: 'long', timeZone: 'Europe/Rome' })}`}
          icon={<EuroIcon />}
        />
        <StatCard label="Visite al negozio" value={store.views} icon={<VisibilityIcon />} />
      </StatGrid>
      <Box component="nav" aria-label="Azioni rapide" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 3 }}>
        {quickActions.map((a) => (
          <Button key={a.to} component={Link} to={a.to} variant={a.primary ? 'contained' : 'outlined'} startIcon={a.icon}>
            {a.label}
          </Button>
        ))}
      </Box>
      <RecentList
        title="Ultimi ordini"
        items={recent.items}
        empty="Ancora nessun ordine: arriveranno qui appena i clienti compreranno."
        render={(o) => (
          <>
            <Box sx={{ minWidth: 0 }}>
              <MuiLink component={Link} to={`/shopkeeper/orders/${o.id}`} underline="hover" color="inherit" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
                {o.customerName}
              </MuiLink>
              <Typography variant="body2" color="text.secondary">
                {formatWhen(o.createdAt, now)}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 700 }}>{formatMoney(o.total)}</Typography>
            <StatusBadge status={o.status} />
          </>
        )}
      />
    </>
  );
}
