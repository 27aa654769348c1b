import DeliveryDiningIcon from '@mui/icons-material/DeliveryDiningOutlined';
import StarIcon from '@mui/icons-material/Star';
import { Alert, Box, Button, Card, CardContent, Chip, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { MAX_DESCRIPTION, MAX_REASON } from '@labels/tasks';
import { Facts } from '../../../components/Facts';
import { DateTimeFields } from '../../../components/DateTimeFields';
import { EuroField } from '../../../components/EuroField';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { useFieldsForm } from '../../../components/FormDialog';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { WideFormDialog } from '../../../components/WideFormDialog';
import { toast } from '../../../components/toast/toast-store';
import { errorText } from '../../../lib/client';
import { formatDateTime, romeDateTime, romeToIso } from '../../../lib/dates';
import { formatMoney, parseDecimal } from '../../../lib/money';
import type { Order } from '../../orders/api';
import { isActive, isLate, kmText, taskStatusChips, useCouriers, useCreateTask, useOrderTasks, useTaskMove, type Task } from '../api';

/**
 * The shop's order page, a shipping order: "Affida la consegna" to a collaborator covering the
 * shop and the address (chosen from the list) or offered to the area, with deadline and
 * compensation; then the task's state, who delivers, and cancelling it (docs/api-tasks.md).
 */
export function OrderDelivery({ order }: { order: Order }) {
  const shipping = order.deliveryType === 'shipping';
  const tasks = useOrderTasks(order.id, { enabled: shipping && order.status !== 'pending' });
  const [handing, setHanding] = useState(false);
  const [cancelling, setCancelling] = useState<Task | null>(null);
  if (!shipping || order.status === 'pending') return null;
  const all = tasks.data ?? [];
  const open = all.find((t) => t.id === order.deliveryTaskId) ?? all.find((t) => isActive(t) || t.status === 'completed') ?? null;
  const last = all[0] ?? null;
  const canHand = !order.deliveryTaskId && (order.status === 'preparing' || order.status === 'ready');
  if (!open && !canHand && !last) return null;

  return (
    <Card component="section" aria-label="Chi consegna">
      <CardContent sx={{ display: 'grid', gap: 1.25 }}>
        <Typography variant="h4" component="h2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <DeliveryDiningIcon color="action" /> Chi consegna
        </Typography>
        {tasks.isPending ? (
          <Skeleton variant="rounded" height={72} />
        ) : tasks.isError ? (
          <Alert severity="error">{errorText(tasks.error, 'Impossibile caricare la consegna.')}</Alert>
        ) : open ? (
          <TaskState task={open} order={order} onCancel={() => setCancelling(open)} />
        ) : (
          <>
            {last?.status === 'cancelled' && <Alert severity="warning">L’ultima consegna affidata è annullata{last.cancelReason ? `: «${last.cancelReason}»` : '.'}</Alert>}
            {canHand && (
              <>
                <Typography variant="body2" color="text.secondary">
                  Un collaboratore che copre il negozio e l’indirizzo del cliente ritira l’ordine quando è pronto e lo consegna con il codice del cliente.
                </Typography>
                <Button variant="contained" startIcon={<DeliveryDiningIcon />} onClick={() => setHanding(true)} sx={{ justifySelf: 'start' }}>
                  Affida la consegna
                </Button>
              </>
            )}
          </>
        )}
      </CardContent>
      {handing && <HandDialog order={order} onClose={() => setHanding(false)} />}
      {cancelling && <CancelTaskDialog task={cancelling} onClose={() => setCancelling(null)} />}
    </Card>
  );
}

function TaskState({ task, order, onCancel }: { task: Task; order: Order; onCancel: () => void }) {
  const chip = taskStatusChips[task.status];
  const who = task.collaboratorName;
  const step =
    task.status === 'pending'
      ? who
        ? `In attesa che ${who} accetti.`
        : 'Offerta ai collaboratori della zona: il primo che accetta la prende.'
      : task.status === 'accepted'
        ? order.status === 'ready'
          ? `Pronto: ${who} passa a ritirarlo.`
          : `Accettata da ${who}: segna l’ordine come pronto quando lo è, poi passa a ritirarlo.`
        : task.status === 'in_progress'
          ? `In consegna con ${who}: si completa con il codice del cliente.`
          : task.status === 'completed'
            ? `Consegnata da ${who}${task.completedAt ? ` il ${formatDateTime(task.completedAt)}` : ''}.`
            : '';
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" color={chip.color} label={chip.label} />
        {task.offered && <Chip size="small" variant="outlined" label="Offerta alla zona" />}
        {isLate(task) && <Chip size="small" color="error" label="In ritardo" />}
      </Box>
      <Typography data-testid="delivery-task-step" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {step}
      </Typography>
      <Facts
        rows={[
          !!who && ['Collaboratore', who],
          ['Entro', formatDateTime(task.deadline)],
          ['Compenso', formatMoney(task.compensation)],
          task.distance !== null && ['Distanza', kmText(task.distance)],
        ]}
      />
      {isActive(task) && (
        <Button color="error" variant="outlined" onClick={onCancel} sx={{ justifySelf: 'start' }}>
          Annulla la consegna
        </Button>
      )}
    </>
  );
}

/** Two hours from now on Rome's clock, to the quarter: the deadline the form proposes. */
function inTwoHours(): { date: string; time: string } {
  const quarter = 15 * 60_000;
  return romeDateTime(new Date(Math.ceil((Date.now() + 2 * 3_600_000) / quarter) * quarter));
}

function HandDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const couriers = useCouriers(order.id);
  const create = useCreateTask();
  const [to, setTo] = useState<'one' | 'area'>('one');
  const [chosen, setChosen] = useState<string>('');
  const [deadline, setDeadline] = useState(inTwoHours);
  const [compensation, setCompensation] = useState('');
  const [description, setDescription] = useState('');
  const form = useFieldsForm('Non è stato possibile affidare la consegna: riprova tra poco.');
  const { errors } = form;
  const list = couriers.data ?? [];
  const amount = parseDecimal(compensation);
  const complete = /^\d{4}-\d{2}-\d{2}$/.test(deadline.date) && /^\d{2}:\d{2}$/.test(deadline.time);
  const at = complete ? romeToIso(deadline.date, deadline.time) : '';

  const submit = form.submit(
    () => ({
      collaboratorId: to === 'one' && !chosen ? 'Scegli il collaboratore.' : undefined,
      compensation: !Number.isFinite(amount) || amount < 0 ? 'Indica il compenso in euro (anche 0).' : undefined,
      description: tooLong(description, MAX_DESCRIPTION),
      deadline: !complete ? 'Indica data e ora della consegna.' : new Date(at).getTime() <= Date.now() ? 'La scadenza deve essere nel futuro.' : undefined,
    }),
    async () => {
      const task = await create.mutateAsync({
        type: 'delivery',
        orderId: order.id,
        ...(to === 'one' ? { collaboratorId: chosen } : {}),
        deadline: at,
        compensation: amount,
        description: description.trim(),
      });
      toast({ title: task.collaboratorName ? `Consegna affidata a ${task.collaboratorName}.` : 'Consegna offerta ai collaboratori della zona.', variant: 'success' });
      onClose();
    },
  );

  return (
    <WideFormDialog
      id="hand-delivery-title"
      title="Affida la consegna"
      text={`L’ordine di ${order.customerName} va a ${order.deliveryAddress ?? 'l’indirizzo del cliente'}. Il collaboratore lo ritira quando è pronto e lo consegna con il codice che il cliente vede nel suo ordine.`}
      error={form.formError}
      submit={{ label: to === 'one' ? 'Affida la consegna' : 'Offri alla zona', busy: create.isPending, onSubmit: (e) => void submit(e) }}
      onClose={onClose}
    >
      <FormControl>
        <FormLabel id="hand-to">A chi</FormLabel>
        <RadioGroup aria-labelledby="hand-to" value={to} onChange={(_, v) => setTo(v as 'one' | 'area')}>
          <FormControlLabel value="one" control={<Radio />} label="A un collaboratore che scelgo" />
          <FormControlLabel value="area" control={<Radio />} label="Offri a tutti quelli della zona: il primo che accetta la prende" />
        </RadioGroup>
      </FormControl>
      {to === 'one' && (
        <FormControl error={!!errors.collaboratorId}>
          <FormLabel id="hand-courier">Collaboratori che coprono il negozio e l’indirizzo</FormLabel>
          {couriers.isPending ? (
            <Skeleton variant="rounded" height={56} />
          ) : list.length === 0 ? (
            <FormHelperText>Nessun collaboratore disponibile copre sia il negozio sia l’indirizzo: prova a offrirla alla zona più tardi, o consegnala tu.</FormHelperText>
          ) : (
            <RadioGroup aria-labelledby="hand-courier" value={chosen} onChange={(_, v) => setChosen(v)}>
              {list.map((c) => (
                <FormControlLabel
                  key={c.userId}
                  value={c.userId}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Box sx={{ py: 0.75, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.name}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                        <StarIcon fontSize="inherit" /> {c.rating.toLocaleString('it-IT', { maximumFractionDigits: 1 })} · a {kmText(c.distanceKm)} dal negozio
                        {c.availability ? ` · ${c.availability}` : ''}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          )}
          {errors.collaboratorId && <FormHelperText>{errors.collaboratorId}</FormHelperText>}
        </FormControl>
      )}
      <DateTimeFields dateLabel="Consegna entro il" value={deadline} onChange={setDeadline} error={errors.deadline} />
      <EuroField
        label="Compenso per il collaboratore"
        value={compensation}
        onChange={setCompensation}
        error={errors.compensation}
        hint={`Il cliente ha pagato la spedizione ${formatMoney(order.shippingCost)}.`}
      />
      <LimitedTextField
        label="Note per il collaboratore (facoltative)"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
        limit={MAX_DESCRIPTION}
        error={errors.description}
      />
    </WideFormDialog>
  );
}

function CancelTaskDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const move = useTaskMove();
  return (
    <ReasonDialog
      id="cancel-delivery-title"
      title="Annullare la consegna?"
      text={
        task.status === 'in_progress'
          ? `${task.collaboratorName ?? 'Il collaboratore'} ha già ritirato l’ordine: annullando, completi tu la consegna.`
          : `${task.collaboratorName ? `${task.collaboratorName} legge il motivo.` : 'L’offerta si ritira dalla zona.'} L’ordine torna a te: puoi spedirlo o affidarlo di nuovo.`
      }
      label="Motivo"
      submitLabel="Annulla la consegna"
      done="Consegna annullata: l’ordine torna a te."
      danger
      limit={MAX_REASON}
      fallback="Non è stato possibile annullare la consegna: riprova tra poco."
      send={(reason) => move.mutateAsync({ id: task.id, move: 'cancel', reason })}
      onClose={onClose}
    />
  );
}
