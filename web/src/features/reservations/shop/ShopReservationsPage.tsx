import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { Box, Card, Link as MuiLink, Typography } from '@mui/material';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStoreReservations, useStoreReservationTotals, type Reservation } from '../api';
import { useMyStore } from '../../stores/api';
import { LoadMore } from '../../../components/LoadMore';
import { EmptyState } from '../../../components/EmptyState';
import { CountTabs } from '../../../components/CountTabs';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { ListSearch } from '../../../components/ListSearch';
import { tooLong } from '../../../lib/text';
import { formatWhen } from '../../orders/shop/order-figures';
import { PickupDay, ReservationBadge, sortReservations } from '../common';
import { ReservationActionButtons } from '../ReservationActions';
import { reservationTabs, tabCounts, type ReservationTab } from './reservation-filters';
import { Skeletons } from '../../../components/Skeletons';
import { NoStoreYet } from '../../stores/shop/NoStoreYet';

function ReservationCard({ reservation: r }: { reservation: Reservation }) {
  return (
    <Card component="li" aria-label={`Prenotazione di ${r.customerName}`} sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {r.quantity} × {r.productName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {r.customerName} · richiesta {formatWhen(r.createdAt).replace(/^[A-Z]/, (c) => c.toLowerCase())}
          </Typography>
        </Box>
        <ReservationBadge reservation={r} />
      </Box>
      <PickupDay reservation={r} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', minWidth: 0 }}>
        <MuiLink href={`tel:${r.customerPhone.replace(/[^\d+]/g, '')}`} variant="body2" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
          <PhoneOutlinedIcon fontSize="small" /> {r.customerPhone}
        </MuiLink>
        <MuiLink href={`mailto:${r.customerEmail}`} variant="body2" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', overflowWrap: 'anywhere', minWidth: 0 }}>
          <EmailOutlinedIcon fontSize="small" /> <span style={{ minWidth: 0 }}>{r.customerEmail}</span>
        </MuiLink>
      </Box>
      {r.notes && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <strong>Note del cliente:</strong> {r.notes}
        </Typography>
      )}
      {r.shopkeeperNotes && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <strong>La tua nota:</strong> {r.shopkeeperNotes}
        </Typography>
      )}
      {r.status === 'cancelled' && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {r.expired ? 'Scaduta: il cliente non è passato entro il giorno scelto; i pezzi sono tornati disponibili.' : `Annullata${r.cancelReason ? `: «${r.cancelReason}»` : '.'}`}
        </Typography>
      )}
      <ReservationActionButtons reservation={r} side="store" />
    </Card>
  );
}

const emptyTexts: Record<ReservationTab, string> = {
  all: 'Quando un cliente prenota un prodotto da ritirare in negozio, la richiesta arriva qui con un avviso.',
  pending: 'Nessuna richiesta da confermare.',
  confirmed: 'Nessuna prenotazione confermata da preparare.',
  ready: 'Nessuna prenotazione pronta in attesa del cliente.',
  completed: 'Ancora nessuna prenotazione ritirata.',
  cancelled: 'Nessuna prenotazione annullata o scaduta.',
};

/** The most the reservations' contract searches for (`q`). */
const MAX_QUERY = 100;

const isTab = (value: string | null): value is ReservationTab => reservationTabs.some((t) => t.value === value);

/** /shopkeeper/reservations: requests to confirm, pieces to set aside, pickups of the day. */
export default function ShopReservationsPage() {
  const { data: store, isLoading } = useMyStore();
  const [params, setParams] = useSearchParams();
  const stato = params.get('stato');
  const tab: ReservationTab = isTab(stato) ? stato : 'all';
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  // Words over the limit are said under the search and not searched for (the API would refuse them).
  const list = useStoreReservations(store?.id, { statuses: tab === 'all' ? [] : [tab], q: tooLong(deferredQuery, MAX_QUERY) ? '' : deferredQuery });
  const { data: totals } = useStoreReservationTotals(store?.id);

  if (!isLoading && !store) {
    return <NoStoreYet title="Prenotazioni">Le prenotazioni arrivano al tuo negozio: crealo per riceverle.</NoStoreYet>;
  }

  const counts = tabCounts(totals);
  const shown = sortReservations(list.items);

  return (
    <>
      <DashboardHeader
        title="Prenotazioni"
        subtitle={counts.all ? `${counts.pending} da confermare, ${counts.confirmed + counts.ready} da consegnare` : 'I prodotti che i clienti passano a ritirare.'}
      />
      <CountTabs tabs={reservationTabs} value={tab} counts={counts} urgent="pending" onChange={(value) => setParams(value === 'all' ? {} : { stato: value }, { replace: true })} />
      {counts.all > 0 && <ListSearch label="Cerca per cliente o prodotto" value={query} onChange={setQuery} limit={MAX_QUERY} />}
      {isLoading || list.isLoading ? (
        <Skeletons label="Caricamento delle prenotazioni" heights={[120, 120, 120]} gap={1.5} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<EventAvailableIcon />}
          title={counts.all === 0 ? 'Ancora nessuna prenotazione' : 'Nessuna prenotazione qui'}
          text={query.trim() ? `Nessuna prenotazione corrisponde a «${query.trim()}».` : emptyTexts[tab]}
        />
      ) : (
        <>
          <Box
            component="ul"
            aria-label="Prenotazioni del negozio"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}
          >
            {shown.map((r) => (
              <ReservationCard key={r.id} reservation={r} />
            ))}
          </Box>
          <LoadMore list={list} label="Mostra altre prenotazioni" noun="prenotazioni" />
        </>
      )}
    </>
  );
}
