import AddIcon from '@mui/icons-material/Add';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import StarIcon from '@mui/icons-material/Star';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ResponseOf } from '@platform/http/contract';
import type { collaboratorsApi } from '@contracts/collaborators';
import { collaboratorServices, serviceIds, type CollaboratorService } from '@pure/collaborators/services';
import { CountTabs } from '../../../components/CountTabs';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { EmptyState } from '../../../components/EmptyState';
import { QueryView } from '../../../components/QueryView';
import { useTabCounts } from '../../../components/useTabCounts';
import { LoadMore } from '../../../components/LoadMore';
import { SectionCard } from '../../../components/SectionCard';
import { toast } from '../../../components/toast/toast-store';
import { apiGet, errorText } from '../../../lib/client';
import { pageUrl, usePagedList } from '../../../lib/lists';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { buyLabels, usePaymentMethods, type PaymentMethod } from '../../packages/api';
import { usePurchase } from '../../packages/usePurchase';
import { AssignmentOfRequest } from '../../assignments/AssignmentOfRequest';
import { AwaitingPayment } from '../../payments/AwaitingPayment';
import { purchaseUnlock, requestsUrl, unlocksUrl, useRequestMove, useRequests, useUnlocks, type CollaborationRequest, type PackageUnlock } from '../api';
import { CardGrid } from '../../../components/CardGrid';
import { RequestCard } from '../RequestCard';
import { NewRequestDialog } from './NewRequestDialog';
import { useMyStore } from '../../stores/api';

type Covering = ResponseOf<typeof collaboratorsApi.coveringMyShop>[number];
type Tab = 'open' | 'accepted' | 'closed';

const tabOf = (r: CollaborationRequest): Tab =>
  r.status === 'waiting' || r.status === 'pending' ? 'open' : r.status === 'accepted' || r.status === 'completed' ? 'accepted' : 'closed';

const tabs: { value: Tab; label: string }[] = [
  { value: 'open', label: 'In attesa' },
  { value: 'accepted', label: 'Accettate' },
  { value: 'closed', label: 'Chiuse' },
];

/**
 * /shopkeeper/collaborations — who can help the shop (collaborators whose area covers it), the
 * shop's requests with their state, and the packages to buy for the requests accepted.
 */
export default function CollaborationsPage() {
  const [asking, setAsking] = useState<{ id: string; name: string; services: CollaboratorService[] } | null | 'open'>(null);
  const [params] = useSearchParams();
  const unlocks = useUnlocks();
  const bought = params.get('sblocco');
  const boughtUnlock = bought ? (unlocks.data ?? []).find((u) => u.id === bought) : undefined;
  const boughtDone = boughtUnlock?.unlockStatus === 'purchased';
  // Back from the payment's page with it refused (or given up): say so, the offer below tries again.
  const refused = !boughtDone && (boughtUnlock?.lastPayment?.status === 'failed' || boughtUnlock?.lastPayment?.status === 'cancelled');
  const shop = useMyStore().data;
  // The API refuses requests of a shop not yet approved or suspended: say so before the form.
  const notOpen =
    shop?.status === 'pending'
      ? 'Il tuo negozio è ancora in attesa di approvazione: potrai chiedere l’aiuto di un collaboratore quando sarà approvato.'
      : shop?.status === 'suspended'
        ? 'Il tuo negozio è sospeso: non puoi chiedere l’aiuto di un collaboratore.'
        : null;
  return (
    <>
      <DashboardHeader
        title="Collaborazioni"
        subtitle="Chiedi aiuto ai collaboratori della tua zona per consegne, catalogo e negozio."
        aside={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/collaborator/assignments" variant="outlined">
              Incarichi e sessioni
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAsking('open')} disabled={!!notOpen}>
              Nuova richiesta
            </Button>
          </Box>
        }
      />
      {/* One column that never grows past the screen: the tabs' scroller inside would widen an auto track. */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {notOpen && <Alert severity="info">{notOpen}</Alert>}
        {refused && (
          <Alert severity="error" role="alert">
            {boughtUnlock?.lastPayment?.status === 'failed' ? 'Pagamento rifiutato: non ti è stato addebitato nulla.' : 'Pagamento annullato: non ti è stato addebitato nulla.'}{' '}
            Puoi riprovare qui sotto, anche con un altro metodo, entro la scadenza.
          </Alert>
        )}
        {bought && !boughtDone && !refused && (
          <AwaitingPayment
            queryKeys={[unlocksUrl, requestsUrl]}
            waiting="Stiamo verificando il pagamento: la collaborazione si conferma appena il fornitore lo conferma."
            late="Il pagamento non risulta ancora confermato. Se hai pagato, la collaborazione comparirà confermata appena arriva la conferma."
          />
        )}
        <UnlocksToBuy unlocks={unlocks.data ?? []} />
        <Requests />
        <Covering onAsk={(c) => setAsking(c)} closed={!!notOpen} />
      </Box>
      {asking !== null && <NewRequestDialog to={asking === 'open' ? null : asking} onClose={() => setAsking(null)} />}
    </>
  );
}

/** The unlocks waiting for the shop to buy them, before their deadline. */
function UnlocksToBuy({ unlocks }: { unlocks: PackageUnlock[] }) {
  const methods = usePaymentMethods();
  const open = unlocks.filter((u) => (u.unlockStatus === 'unlocked_collaborator' || u.unlockStatus === 'unlocked_admin') && !u.lapsed && u.requestStatus === 'accepted');
  if (!open.length) return null;
  return (
    <SectionCard title="Da confermare" icon={<LockOpenIcon />}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {open.map((u) => (
          <UnlockOffer key={u.id} unlock={u} methods={methods.data ?? []} />
        ))}
      </Box>
    </SectionCard>
  );
}

function UnlockOffer({ unlock, methods }: { unlock: PackageUnlock; methods: PaymentMethod[] }) {
  const queryClient = useQueryClient();
  const free = unlock.freeOfCharge || unlock.price === 0;
  // A payment refused or given up before: the same buttons try again (a new payment; one still open is answered again).
  const retry = unlock.lastPayment?.status === 'failed' || unlock.lastPayment?.status === 'cancelled';
  const { busy, error, buy } = usePurchase(
    (method) => purchaseUnlock(unlock.id, method),
    () => {
      toast({ title: 'Collaborazione confermata.', variant: 'success' });
      return Promise.all([queryClient.invalidateQueries({ queryKey: [unlocksUrl] }), queryClient.invalidateQueries({ queryKey: [requestsUrl] })]);
    },
  );
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{unlock.collaboratorName ?? 'Un collaboratore'} ha accettato la tua richiesta</Typography>
        <Typography color="text.secondary">
          Per confermare la collaborazione acquista il pacchetto <strong>{unlock.packageName}</strong>
          {free ? ', offerto dall’amministrazione' : ` a ${formatMoney(unlock.price ?? 0)}`}
          {unlock.purchaseDeadline ? ` entro il ${formatDateTime(unlock.purchaseDeadline)}` : ''}: dopo la scadenza la richiesta decade.
        </Typography>
        {!free && unlock.price !== null && unlock.requestBudget !== null && unlock.price > unlock.requestBudget && (
          <Alert severity="warning" data-testid="over-budget">
            Il pacchetto costa {formatMoney(unlock.price)}, più del budget massimo della tua richiesta ({formatMoney(unlock.requestBudget)}): il pacchetto collaboratore ha un
            prezzo fisso, stabilito dalla piattaforma, che comprende il compenso del collaboratore e la commissione del servizio. Il budget serve ai collaboratori per capire
            l’impegno richiesto, non cambia il prezzo. Se non vuoi acquistarlo, lascia passare la scadenza: non paghi nulla.
          </Alert>
        )}
        {unlock.specialConditions && <Alert severity="info">Condizioni speciali: {unlock.specialConditions}</Alert>}
        {!free && unlock.collaboratorCompensation !== null && unlock.siteCommission !== null && (
          <Typography variant="body2" color="text.secondary">
            Al collaboratore vanno {formatMoney(unlock.collaboratorCompensation)}, alla piattaforma {formatMoney(unlock.siteCommission)} ({unlock.commissionPercentage}%).
          </Typography>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>
        {free ? (
          <Button variant="contained" disabled={busy} onClick={() => void buy(methods[0] ?? 'sandbox')}>
            Conferma gratis
          </Button>
        ) : methods.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            I pagamenti online non sono ancora attivi: contatta l’amministrazione.
          </Typography>
        ) : (
          methods.map((m) => (
            <Button key={m} variant={m === methods[0] ? 'contained' : 'outlined'} disabled={busy} onClick={() => void buy(m)}>
              {retry ? 'Riprova' : 'Acquista'} {buyLabels[m]}
            </Button>
          ))
        )}
      </CardActions>
    </Card>
  );
}

function Requests() {
  const requests = useRequests();
  const move = useRequestMove();
  const { tab, setTab, counts, shown } = useTabCounts(requests.data ?? [], tabs, tabOf, 'open');
  const cancel = (r: CollaborationRequest) =>
    move.mutate(
      { id: r.id, move: 'cancel', reason: 'Annullata dal negozio' },
      {
        onSuccess: () => toast({ title: 'Richiesta annullata.', variant: 'success' }),
        onError: (e) => toast({ title: errorText(e, 'Non è stato possibile annullare la richiesta.'), variant: 'destructive' }),
      },
    );
  return (
    <Box component="section" aria-labelledby="requests-title">
      <Typography id="requests-title" variant="h5" component="h2" sx={{ mb: 1.5, fontWeight: 700 }}>
        Le tue richieste
      </Typography>
      <CountTabs tabs={tabs} value={tab} counts={counts} urgent="accepted" onChange={setTab} />
      <QueryView
        query={requests}
        loading={<Skeleton variant="rounded" height={160} />}
        fallback="Impossibile caricare le richieste. Riprova più tardi."
        empty={
          shown.length === 0 && (
            <EmptyState
              icon={<GroupsIcon />}
              title="Nessuna richiesta qui"
              text={tab === 'open' ? 'Chiedi aiuto a un collaboratore della zona o apri una richiesta a tutti.' : 'Le richieste compaiono qui quando cambiano stato.'}
            />
          )
        }
      >
        <CardGrid>
          {shown.map((r) => (
            <RequestCard
              key={r.id}
              request={r}
              who={
                r.collaboratorName
                  ? r.status === 'pending' && r.requestType === 'auto_match'
                    ? `Proposta a ${r.collaboratorName}`
                    : r.collaboratorName
                  : 'Aperta ai collaboratori della zona'
              }
              actions={
                (r.status === 'waiting' || r.status === 'pending') && (
                  <Button color="error" onClick={() => cancel(r)} disabled={move.isPending}>
                    Annulla la richiesta
                  </Button>
                )
              }
            >
              {r.unlock?.unlockStatus === 'purchased' && (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Chip size="small" color="success" label="Pacchetto acquistato" />
                  <AssignmentOfRequest requestId={r.id} />
                </Box>
              )}
            </RequestCard>
          ))}
        </CardGrid>
      </QueryView>
    </Box>
  );
}

/** The collaborators whose area covers the shop, nearest first, filtered by a service. */
function Covering({ onAsk, closed }: { onAsk: (c: { id: string; name: string; services: CollaboratorService[] }) => void; closed: boolean }) {
  const [service, setService] = useState<CollaboratorService | ''>('');
  const url = `/api/collaborators/covering-my-shop${service ? `?service=${service}` : ''}`;
  // A read that fails (no shop yet) says why; an empty list says nobody covers the shop now.
  const reachable = useQuery({ queryKey: [url, 'reachable'], queryFn: async () => (await apiGet<Covering[]>(pageUrl(url, 1, 1))) ?? [] });
  const covering = usePagedList<Covering>(url, { pageSize: 24, idOf: (c) => c.userId });
  return (
    <SectionCard title="Collaboratori nella tua zona" icon={<GroupsIcon />}>
      <TextField
        select
        size="small"
        label="Servizio"
        value={service}
        onChange={(e) => setService(e.target.value as CollaboratorService | '')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ mb: 2, minWidth: 220 }}
      >
        <MenuItem value="">Tutti i servizi</MenuItem>
        {serviceIds.map((s) => (
          <MenuItem key={s} value={s}>
            {collaboratorServices[s]}
          </MenuItem>
        ))}
      </TextField>
      {covering.isLoading || reachable.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : reachable.isError ? (
        <Alert severity="info">{errorText(reachable.error, 'Impossibile caricare i collaboratori della zona.')}</Alert>
      ) : covering.items.length === 0 ? (
        <Typography color="text.secondary">
          Nessun collaboratore disponibile copre ora il tuo negozio{service ? ' con questo servizio' : ''}. Puoi comunque aprire una richiesta alla zona: la vedrà chi si rende
          disponibile.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {covering.total === 1 ? 'Un collaboratore copre il tuo negozio.' : `${covering.total} collaboratori coprono il tuo negozio, dal più vicino.`}
          </Typography>
          <CardGrid>
            {covering.items.map((c) => (
              <Card key={c.userId} variant="outlined" component="article" aria-label={c.name} sx={{ borderRadius: 3 }}>
                <CardContent sx={{ display: 'grid', gap: 1 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{c.name}</Typography>
                    <Box role="img" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} aria-label={`Valutazione ${c.rating} su 5`}>
                      <StarIcon fontSize="small" sx={{ color: 'warning.main' }} />
                      <Typography variant="body2">{c.rating.toLocaleString('it-IT', { maximumFractionDigits: 1 })}</Typography>
                    </Box>
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    A {c.distanceKm.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km · lavora entro {c.radiusKm} km
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {c.services.map((s) => (
                      <Chip key={s} size="small" label={collaboratorServices[s]} />
                    ))}
                  </Box>
                  {c.availability && <Typography variant="body2">Disponibilità: {c.availability}</Typography>}
                  {c.bio && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {c.bio}
                    </Typography>
                  )}
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>
                  <Button variant="outlined" disabled={closed} onClick={() => onAsk({ id: c.userId, name: c.name, services: c.services })}>
                    Chiedi a {c.name.split(' ')[0]}
                  </Button>
                  <Button color="inherit" component={RouterLink} to={`/collaborators/${c.userId}`}>
                    Recensioni
                  </Button>
                </CardActions>
              </Card>
            ))}
          </CardGrid>
          <LoadMore list={covering} label="Mostra altri collaboratori" noun="collaboratori" />
        </>
      )}
    </SectionCard>
  );
}
