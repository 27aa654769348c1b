import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { Alert, Button, Skeleton } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../../app/auth';
import { CountTabs } from '../../../components/CountTabs';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { EmptyState } from '../../../components/EmptyState';
import { DigitsCodeField } from '../../../components/DigitsCodeField';
import { MAX_REASON } from '@labels/tasks';
import { FormDialog, useOneFieldForm } from '../../../components/FormDialog';
import { QueryView } from '../../../components/QueryView';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { useTabCounts } from '../../../components/useTabCounts';
import { toast } from '../../../components/toast/toast-store';
import { errorText } from '../../../lib/client';
import { isActive, useTaskMove, useTasks, type Task, type TaskMove } from '../api';
import { TaskCard, TaskGrid } from '../TaskCard';

type Tab = 'todo' | 'offers' | 'done';

const tabOf = (t: Task, me: string): Tab => {
  if (t.collaboratorId === me && isActive(t)) return 'todo';
  if (!t.takenByOther && t.offered && t.status === 'pending' && t.collaboratorId === null) return 'offers';
  return 'done';
};

const tabs: { value: Tab; label: string }[] = [
  { value: 'todo', label: 'Da fare' },
  { value: 'offers', label: 'Offerte in zona' },
  { value: 'done', label: 'Concluse' },
];

const fallback = 'Non è stato possibile aggiornare l’attività: riprova tra poco.';

/**
 * /collaborator/tasks — my tasks and deliveries (handed to me or accepted), the deliveries offered
 * in my area (the first to accept takes them), and those done, cancelled or taken by someone
 * else. A delivery: accept, pick the order up at the shop, hand it over with the customer's code.
 */
export default function TasksPage() {
  const { user } = useAuth();
  const tasks = useTasks({ refetchInterval: 30_000 });
  const move = useTaskMove();
  const me = user?.id ?? '';
  const { tab, setTab, counts, shown } = useTabCounts(tasks.data ?? [], tabs, (t) => tabOf(t, me), 'todo');
  const [rejecting, setRejecting] = useState<Task | null>(null);
  const [delivering, setDelivering] = useState<Task | null>(null);
  if (user && user.role !== 'collaborator') return <Alert severity="info">Le attività e le consegne si leggono con un account collaboratore.</Alert>;

  const run = (t: Task, m: TaskMove, done: string, then?: Tab) =>
    move.mutate(
      { id: t.id, move: m },
      {
        onSuccess: () => {
          toast({ title: done, variant: 'success' });
          if (then) setTab(then);
        },
        onError: (e) => toast({ title: errorText(e, fallback), variant: 'destructive' }),
      },
    );

  const actionsOf = (t: Task) => {
    if (t.takenByOther || !isActive(t)) return null;
    const busy = move.isPending;
    if (t.status === 'pending') {
      return (
        <>
          <Button variant="contained" disabled={busy} onClick={() => run(t, 'accept', `Hai accettato «${t.title}».`, 'todo')}>
            Accetta
          </Button>
          {t.collaboratorId === me && (
            <Button color="inherit" disabled={busy} onClick={() => setRejecting(t)}>
              Rifiuta
            </Button>
          )}
        </>
      );
    }
    if (t.status === 'accepted') {
      return (
        <>
          <Button variant="contained" disabled={busy} onClick={() => run(t, 'start', t.type === 'delivery' ? 'Ordine ritirato: ora è in consegna.' : 'Attività iniziata.')}>
            {t.type === 'delivery' ? 'Ho ritirato l’ordine' : 'Inizia'}
          </Button>
          <Button color="inherit" disabled={busy} onClick={() => setRejecting(t)}>
            Rinuncia
          </Button>
        </>
      );
    }
    return t.type === 'delivery' ? (
      <Button variant="contained" disabled={busy} onClick={() => setDelivering(t)}>
        Consegna con il codice
      </Button>
    ) : (
      <Button variant="contained" disabled={busy} onClick={() => run(t, 'complete', 'Attività completata.', 'done')}>
        Completa
      </Button>
    );
  };

  return (
    <>
      <DashboardHeader title="Attività e consegne" subtitle="Le consegne e i lavori che i negozi ti affidano, e le consegne offerte nella tua zona." />
      <CountTabs tabs={tabs} value={tab} counts={counts} urgent="offers" onChange={setTab} />
      <QueryView
        query={tasks}
        loading={<Skeleton variant="rounded" height={220} />}
        fallback="Impossibile caricare le attività. Riprova più tardi."
        empty={
          shown.length === 0 && (
            <EmptyState
              icon={<AssignmentIcon />}
              title={tab === 'todo' ? 'Nessuna attività da fare' : tab === 'offers' ? 'Nessuna consegna offerta ora' : 'Niente qui'}
              text={
                tab === 'offers'
                  ? 'Quando un negozio offre una consegna che parte e arriva nella tua zona, compare qui: il primo che accetta la prende. Tieni il profilo approvato e disponibile.'
                  : tab === 'todo'
                    ? 'Le consegne e i lavori che accetti, o che un negozio ti affida, compaiono qui.'
                    : 'Le attività completate, annullate o prese da un altro collaboratore.'
              }
            />
          )
        }
      >
        <TaskGrid>
          {shown.map((t) => (
            <TaskCard key={t.id} task={t} actions={actionsOf(t)} />
          ))}
        </TaskGrid>
      </QueryView>
      {rejecting && <RejectDialog task={rejecting} onClose={() => setRejecting(null)} />}
      {delivering && (
        <DeliverDialog
          task={delivering}
          onClose={() => setDelivering(null)}
          onDone={() => {
            setDelivering(null);
            setTab('done');
          }}
        />
      )}
    </>
  );
}

/** Handing it over only against the 6 digits the customer reads on their order. */
function DeliverDialog({ task, onClose, onDone }: { task: Task; onClose: () => void; onDone: () => void }) {
  const move = useTaskMove();
  const [code, setCode] = useState('');
  const form = useOneFieldForm('deliveryCode', fallback);
  const submit = form.submit(
    () => (/^\d{6}$/.test(code) ? null : 'Il codice ha 6 cifre.'),
    async () => {
      await move.mutateAsync({ id: task.id, move: 'deliver', deliveryCode: code });
      toast({ title: 'Consegna completata: grazie!', variant: 'success' });
      onDone();
    },
  );
  return (
    <FormDialog
      id="deliver-title"
      title="Consegna l’ordine"
      text={<>Chiedi {task.customerName ? `a ${task.customerName}` : 'al cliente'} il codice di consegna di 6 cifre che vede nel suo ordine.</>}
      error={form.formError}
      submit={{ label: 'Conferma consegna', busy: move.isPending, onSubmit: submit }}
      onClose={onClose}
    >
      <DigitsCodeField label="Codice di consegna" value={code} onChange={setCode} {...form.fieldState(' ')} />
    </FormDialog>
  );
}

/** Giving a task back (before picking the order up) needs a reason: the shop reads it. */
function RejectDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const move = useTaskMove();
  const accepted = task.status === 'accepted';
  return (
    <ReasonDialog
      id="reject-title"
      title={accepted ? `Rinunci a «${task.title}»?` : `Rifiuti «${task.title}»?`}
      text={`${task.storeName} legge il motivo e potrà affidarla a qualcun altro.`}
      label="Motivo"
      submitLabel={accepted ? 'Rinuncia' : 'Rifiuta'}
      done={accepted ? 'Hai rinunciato all’attività.' : 'Attività rifiutata.'}
      danger
      limit={MAX_REASON}
      fallback={fallback}
      send={(reason) => move.mutateAsync({ id: task.id, move: 'reject', reason })}
      onClose={onClose}
    />
  );
}
