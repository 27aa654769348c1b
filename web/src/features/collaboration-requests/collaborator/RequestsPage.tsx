import InboxIcon from '@mui/icons-material/InboxOutlined';
import { Alert, Box, Button, Chip, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../../app/auth';
import { CountTabs } from '../../../components/CountTabs';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { EmptyState } from '../../../components/EmptyState';
import { QueryView } from '../../../components/QueryView';
import { useTabCounts } from '../../../components/useTabCounts';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { toast } from '../../../components/toast/toast-store';
import { errorText } from '../../../lib/client';
import { formatDateTime } from '../../../lib/dates';
import { AssignmentOfRequest } from '../../assignments/AssignmentOfRequest';
import { unlessNoProfile } from '../../collaborators/no-profile';
import { useRequestMove, useRequests, type CollaborationRequest } from '../api';
import { CardGrid } from '../../../components/CardGrid';
import { RequestCard } from '../RequestCard';

type Tab = 'new' | 'accepted' | 'other';

const tabOf = (r: CollaborationRequest): Tab =>
  r.takenByOther ? 'other' : r.status === 'waiting' || r.status === 'pending' ? 'new' : r.status === 'accepted' || r.status === 'completed' ? 'accepted' : 'other';

const tabs: { value: Tab; label: string }[] = [
  { value: 'new', label: 'Da rispondere' },
  { value: 'accepted', label: 'Accettate' },
  { value: 'other', label: 'Altre' },
];

/**
 * /collaborator/requests — what the shops of my area ask: the requests addressed to me and the
 * open ones I can take (first come, first served), the ones I accepted and how their shop
 * confirms them, and the rest (declined, expired, taken by someone else). Live: a new request or
 * a change reads the list again (the notifications' stream).
 */
export default function RequestsPage() {
  const { user } = useAuth();
  const requests = useRequests();
  const move = useRequestMove();
  const { tab, setTab, counts, shown } = useTabCounts(requests.data ?? [], tabs, tabOf, 'new');
  const [declining, setDeclining] = useState<CollaborationRequest | null>(null);
  if (user && user.role !== 'collaborator') return <Alert severity="info">Le richieste dei negozi si leggono con un account collaboratore.</Alert>;
  const accept = (r: CollaborationRequest) =>
    move.mutate(
      { id: r.id, move: 'accept' },
      {
        onSuccess: () => {
          toast({ title: `Hai accettato la richiesta di ${r.storeName}: il negozio conferma acquistando il pacchetto.`, variant: 'success' });
          setTab('accepted');
        },
        onError: (e) => toast({ title: errorText(e, 'Non è stato possibile accettare la richiesta.'), variant: 'destructive' }),
      },
    );
  return (
    <>
      <DashboardHeader title="Richieste dei negozi" subtitle="Le richieste di aiuto dei negozi nella tua zona: accettale prima della scadenza." />
      <CountTabs tabs={tabs} value={tab} counts={counts} urgent="new" onChange={setTab} />
      <QueryView
        query={requests}
        loading={<Skeleton variant="rounded" height={180} />}
        fallback="Impossibile caricare le richieste. Riprova più tardi."
        failed={unlessNoProfile('Completa il profilo da collaboratore: dopo l’approvazione riceverai le richieste dei negozi della tua zona.')}
        empty={
          shown.length === 0 && (
            <EmptyState
              icon={<InboxIcon />}
              title={tab === 'new' ? 'Nessuna richiesta da rispondere' : 'Niente qui'}
              text={
                tab === 'new'
                  ? 'Quando un negozio della tua zona chiede aiuto, la richiesta compare qui subito. Tieni il profilo attivo e disponibile.'
                  : 'Le richieste compaiono qui quando cambiano stato.'
              }
            />
          )
        }
      >
        <CardGrid>
          {shown.map((r) => (
            <RequestCard
              key={r.id}
              request={r}
              who={`${r.storeName}${r.storeCity ? ` · ${r.storeCity}` : ''}`}
              actions={
                !r.takenByOther &&
                (r.status === 'waiting' || r.status === 'pending') && (
                  <>
                    <Button variant="contained" onClick={() => accept(r)} disabled={move.isPending}>
                      Accetta
                    </Button>
                    {r.status === 'pending' && (
                      <Button color="inherit" onClick={() => setDeclining(r)} disabled={move.isPending}>
                        Rifiuta
                      </Button>
                    )}
                  </>
                )
              }
            >
              {r.status === 'accepted' && !r.takenByOther && <UnlockState request={r} />}
            </RequestCard>
          ))}
        </CardGrid>
      </QueryView>
      {declining && <DeclineDialog request={declining} onClose={() => setDeclining(null)} />}
    </>
  );
}

/** After accepting: the shop confirms by buying the collaboration package, by its deadline. */
function UnlockState({ request }: { request: CollaborationRequest }) {
  const unlock = request.unlock;
  if (unlock?.unlockStatus === 'purchased') {
    return (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip color="success" size="small" label="Confermata dal negozio" />
        <AssignmentOfRequest requestId={request.id} />
      </Box>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      In attesa che il negozio confermi{unlock?.purchaseDeadline ? ` entro il ${formatDateTime(unlock.purchaseDeadline)}` : ''}.
    </Typography>
  );
}

function DeclineDialog({ request, onClose }: { request: CollaborationRequest; onClose: () => void }) {
  const move = useRequestMove();
  return (
    <ReasonDialog
      id="decline-title"
      title={`Rifiuti la richiesta di ${request.storeName}?`}
      text="Il negozio legge il motivo: aiutalo a capire (per esempio, quando saresti disponibile)."
      label="Motivo"
      missing="Scrivi il motivo del rifiuto."
      submitLabel="Rifiuta la richiesta"
      danger
      done="Richiesta rifiutata."
      fallback="Non è stato possibile rifiutare la richiesta."
      send={(reason) => move.mutateAsync({ id: request.id, move: 'reject', reason })}
      onClose={onClose}
    />
  );
}
