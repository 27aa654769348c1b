import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { Alert, Button, Card, CardActions, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../app/auth';
import { CountTabs } from '../../components/CountTabs';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { errorText } from '../../lib/client';
import { formatDate } from '../../lib/dates';
import { reviewerTypeLabels, subjectTypeLabels } from '@pure/reviews/labels';
import { useReceived, useToWrite, useWritten, type Review, type ToWrite } from './api';
import { ReplyDialog, ReviewCard, ReviewDialog } from './ReviewParts';

type Tab = 'toWrite' | 'received' | 'written';

/**
 * /shopkeeper/reviews, /collaborator/reviews, /customer/reviews — «Recensioni»: what awaits my
 * review (with its deadline), the reviews of me or my shop (the shop answers them once), and
 * those I wrote (hidden from the other side until both wrote or 14 days passed).
 */
export default function ReviewsPage() {
  const { user } = useAuth();
  const receives = user?.role === 'shopkeeper' || user?.role === 'collaborator';
  const toWrite = useToWrite();
  const received = useReceived(receives);
  const written = useWritten();
  const [tab, setTab] = useState<Tab>('toWrite');
  const [writing, setWriting] = useState<ToWrite | null>(null);
  const [replying, setReplying] = useState<Review | null>(null);
  const tabs = [
    { value: 'toWrite' as const, label: 'Da scrivere' },
    ...(receives ? [{ value: 'received' as const, label: 'Ricevute' }] : []),
    { value: 'written' as const, label: 'Scritte' },
  ];
  const counts = { toWrite: toWrite.data?.length ?? 0, received: received.data?.length ?? 0, written: written.data?.length ?? 0 };
  const query = tab === 'toWrite' ? toWrite : tab === 'received' ? received : written;
  const subtitle =
    user?.role === 'customer'
      ? 'Racconta com’è andato un ordine: la tua recensione aiuta gli altri clienti e il negozio.'
      : 'Dopo ogni sessione completata, negozio e collaboratore si recensiscono a vicenda entro 14 giorni. Le recensioni restano nascoste finché entrambi hanno scritto la propria, o fino alla scadenza.';

  return (
    <>
      <DashboardHeader title="Recensioni" subtitle={subtitle} />
      <CountTabs tabs={tabs} value={tab} counts={counts} urgent="toWrite" onChange={setTab} />
      {query.isPending ? (
        <Skeleton variant="rounded" height={180} />
      ) : query.isError ? (
        <Alert severity="error">{errorText(query.error, 'Impossibile caricare le recensioni. Riprova più tardi.')}</Alert>
      ) : tab === 'toWrite' ? (
        toWrite.data!.length === 0 ? (
          <EmptyState
            icon={<RateReviewIcon />}
            title="Nessuna recensione da scrivere"
            text={
              user?.role === 'customer'
                ? 'Dopo un ordine completato potrai recensire il negozio per 14 giorni.'
                : 'Dopo una sessione completata potrai recensire l’altra parte per 14 giorni.'
            }
          />
        ) : (
          <Stack spacing={1.5}>
            {toWrite.data!.map((w) => (
              <Card key={`${w.subjectType}-${w.subjectId}`} variant="outlined">
                <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{w.revieweeName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {subjectTypeLabels[w.subjectType]} · completata il {formatDate(w.completedAt)}
                  </Typography>
                  <Typography variant="body2" color="warning.main">
                    Scade il {formatDate(w.deadline)}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <Button variant="contained" onClick={() => setWriting(w)}>
                    Lascia una recensione
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Stack>
        )
      ) : tab === 'received' ? (
        received.data!.length === 0 ? (
          <EmptyState
            icon={<RateReviewIcon />}
            title="Nessuna recensione ricevuta"
            text="Le recensioni su di te compaiono qui quando sono pubbliche: dopo che anche tu hai scritto la tua, o alla scadenza dei 14 giorni."
          />
        ) : (
          <Stack spacing={1.5}>
            {received.data!.map((r) => (
              <ReviewCard
                key={r.id}
                review={r}
                who={`${r.reviewerName} · ${reviewerTypeLabels[r.reviewerType]}`}
                status={subjectTypeLabels[r.subjectType]}
                actions={
                  user?.role === 'shopkeeper' && r.revieweeType === 'store' && !r.reply ? (
                    <Button variant="outlined" size="small" onClick={() => setReplying(r)}>
                      Rispondi
                    </Button>
                  ) : null
                }
              />
            ))}
          </Stack>
        )
      ) : written.data!.length === 0 ? (
        <EmptyState icon={<RateReviewIcon />} title="Non hai ancora scritto recensioni" text="Le recensioni che scrivi compaiono qui, con la data in cui diventano visibili." />
      ) : (
        <Stack spacing={1.5}>
          {written.data!.map((r) => (
            <ReviewCard
              key={r.id}
              review={r}
              who={r.revieweeType === 'store' ? r.storeName : (r.collaboratorName ?? 'Collaboratore')}
              status={r.published ? 'Visibile' : `Nascosta fino al ${formatDate(r.windowEndsAt)} o alla recensione dell’altra parte`}
            />
          ))}
        </Stack>
      )}
      {writing && <ReviewDialog target={writing} onClose={() => setWriting(null)} />}
      {replying && <ReplyDialog review={replying} onClose={() => setReplying(null)} />}
    </>
  );
}
