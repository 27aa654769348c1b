import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Box, Card, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { PagedList } from '../../../lib/lists';
import { useUserReservations, type Reservation, type ReservationStatus } from '../api';
import { LoadMore } from '../../../components/LoadMore';
import { EmptyState } from '../../../components/EmptyState';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { formatWhen } from '../../orders/shop/order-figures';
import { openStatuses, PickupDay, ReservationBadge, sortReservations } from '../common';
import { ReservationActionButtons } from '../ReservationActions';
import { Skeletons } from '../../../components/Skeletons';

/** What the customer should know now, in one sentence. */
function statusText(r: Reservation): string {
  switch (r.status) {
    case 'pending':
      return 'Il negozio deve ancora confermare.';
    case 'confirmed':
      return 'Confermata: il negozio tiene da parte i pezzi.';
    case 'ready':
      return 'Pronta: passa in negozio a ritirarla e paga alla consegna.';
    case 'completed':
      return `Ritirata${r.completedAt ? ` ${formatWhen(r.completedAt).replace(/^[A-Z]/, (c) => c.toLowerCase())}` : ''}.`;
    case 'cancelled':
      if (r.expired) return 'Scaduta: non è stata ritirata entro il giorno scelto.';
      return `Annullata${r.cancelReason ? `: «${r.cancelReason}»` : '.'}`;
  }
}

function ReservationCard({ reservation: r }: { reservation: Reservation }) {
  return (
    <Card component="li" aria-label={`Prenotazione di ${r.productName}`} sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <MuiLink component={Link} to={`/products/${r.productId}`} underline="hover" color="inherit" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {r.quantity} × {r.productName}
          </MuiLink>
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center', overflowWrap: 'anywhere' }}>
            <StorefrontOutlinedIcon sx={{ fontSize: 18 }} /> {r.storeName}
          </Typography>
        </Box>
        <ReservationBadge reservation={r} />
      </Box>
      {openStatuses.has(r.status) && <PickupDay reservation={r} />}
      <Typography variant="body2">{statusText(r)}</Typography>
      {r.shopkeeperNotes && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
          <strong>Dal negozio:</strong> {r.shopkeeperNotes}
        </Typography>
      )}
      <ReservationActionButtons reservation={r} side="customer" />
    </Card>
  );
}

function List({ title, list }: { title: string; list: PagedList<Reservation> }) {
  if (!list.items.length) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}
      >
        {sortReservations(list.items).map((r) => (
          <ReservationCard key={r.id} reservation={r} />
        ))}
      </Box>
      <LoadMore list={list} label="Mostra altre prenotazioni" noun="prenotazioni" />
    </Box>
  );
}

const closedStatuses: ReservationStatus[] = ['completed', 'cancelled'];

/** /customer/reservations: what the customer set aside in shops, what to collect and when. */
export default function CustomerReservationsPage() {
  const open = useUserReservations([...openStatuses]);
  const closed = useUserReservations(closedStatuses);
  const isLoading = open.isLoading || closed.isLoading;

  return (
    <>
      <DashboardHeader title="Le mie prenotazioni" subtitle="Prodotti messi da parte per te: li ritiri e li paghi in negozio." />
      {isLoading ? (
        <Skeletons label="Caricamento delle prenotazioni" heights={[120, 120]} gap={1.5} />
      ) : open.total + closed.total === 0 ? (
        <EmptyState
          icon={<EventAvailableIcon />}
          title="Nessuna prenotazione"
          text="Sulla pagina di un prodotto scegli «Prenota»: il negozio lo tiene da parte per il giorno che preferisci."
          go={{ to: '/search', label: 'Cerca prodotti vicino a te' }}
        />
      ) : (
        <>
          <List title="Da ritirare" list={open} />
          <List title="Concluse" list={closed} />
        </>
      )}
    </>
  );
}
