import DeliveryDiningIcon from '@mui/icons-material/DeliveryDiningOutlined';
import StarIcon from '@mui/icons-material/Star';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Skeleton,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { MAX_DESCRIPTION, MAX_REASON } from '@labels/tasks';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { FormDialog, useOneFieldForm } from '../../../components/FormDialog';
import { toast } from '../../../components/toast/toast-store';
import { ApiError, errorText } from '../../../lib/client';
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
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {who && (
          <>
            <dt>Collaboratore</dt>
            <dd>{who}</dd>
          </>
        )}
        <dt>Entro</dt>
        <dd>{formatDateTime(task.deadline)}</dd>
        <dt>Compenso</dt>
        <dd>{formatMoney(task.compensation)}</dd>
        {task.distance !== null && (
          <>
            <dt>Distanza</dt>
            <dd>{kmText(task.distance)}</dd>
          </>
        )}
      </Box>
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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const couriers = useCouriers(order.id);
  const create = useCreateTask();
  const [to, setTo] = useState<'one' | 'area'>('one');
  const [chosen, setChosen] = useState<string>('');
  const [deadline, setDeadline] = useState(inTwoHours);
  const [compensation, setCompensation] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const list = couriers.data ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Record<string, string> = {};
    if (to === 'one' && !chosen) found.collaboratorId = 'Scegli il collaboratore.';
    const amount = parseDecimal(compensation);
    if (!Number.isFinite(amount) || amount < 0) found.compensation = 'Indica il compenso in euro (anche 0).';
    const longNotes = tooLong(description, MAX_DESCRIPTION);
    if (longNotes) found.description = longNotes;
    let at: string | undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(deadline.date) || !/^\d{2}:\d{2}$/.test(deadline.time)) found.deadline = 'Indica data e ora della consegna.';
    else {
      at = romeToIso(deadline.date, deadline.time);
      if (new Date(at).getTime() <= Date.now()) found.deadline = 'La scadenza deve essere nel futuro.';
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const task = await create.mutateAsync({
        type: 'delivery',
        orderId: order.id,
        ...(to === 'one' ? { collaboratorId: chosen } : {}),
        deadline: at!,
        compensation: amount,
        description: description.trim(),
      });
      toast({ title: task.collaboratorName ? `Consegna affidata a ${task.collaboratorName}.` : 'Consegna offerta ai collaboratori della zona.', variant: 'success' });
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fields).length) setErrors(fields);
      setFormError(errorText(error, 'Non è stato possibile affidare la consegna: riprova tra poco.'));
    }
  };

  return (
    <FormDialog
      id="hand-delivery-title"
      title="Affida la consegna"
      text={`L’ordine di ${order.customerName} va a ${order.deliveryAddress ?? 'l’indirizzo del cliente'}. Il collaboratore lo ritira quando è pronto e lo consegna con il codice che il cliente vede nel suo ordine.`}
      error={formError}
      submit={{ label: to === 'one' ? 'Affida la consegna' : 'Offri alla zona', busy: create.isPending, onSubmit: submit }}
      onClose={onClose}
      maxWidth="sm"
      fullScreen={phone}
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
      <FormGroup row sx={{ gap: 2 }}>
        <TextField
          label="Consegna entro il"
          type="date"
          value={deadline.date}
          onChange={(e) => setDeadline((d) => ({ ...d, date: e.target.value }))}
          error={!!errors.deadline}
          helperText={errors.deadline}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 160px' }}
        />
        <TextField
          label="alle ore"
          type="time"
          value={deadline.time}
          onChange={(e) => setDeadline((d) => ({ ...d, time: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 120px' }}
        />
      </FormGroup>
      <TextField
        label="Compenso per il collaboratore"
        value={compensation}
        onChange={(e) => setCompensation(e.target.value)}
        error={!!errors.compensation}
        helperText={errors.compensation ?? `Il cliente ha pagato la spedizione ${formatMoney(order.shippingCost)}.`}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">€</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
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
    </FormDialog>
  );
}

function CancelTaskDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const move = useTaskMove();
  const [reason, setReason] = useState('');
  const form = useOneFieldForm('reason', 'Non è stato possibile annullare la consegna: riprova tra poco.');
  const submit = form.submit(
    () => (reason.trim() ? (tooLong(reason, MAX_REASON) ?? null) : 'Scrivi il motivo.'),
    async () => {
      await move.mutateAsync({ id: task.id, move: 'cancel', reason: reason.trim() });
      toast({ title: 'Consegna annullata: l’ordine torna a te.', variant: 'success' });
      onClose();
    },
  );
  return (
    <FormDialog
      id="cancel-delivery-title"
      title="Annullare la consegna?"
      text={
        task.status === 'in_progress'
          ? `${task.collaboratorName ?? 'Il collaboratore'} ha già ritirato l’ordine: annullando, completi tu la consegna.`
          : `${task.collaboratorName ? `${task.collaboratorName} legge il motivo.` : 'L’offerta si ritira dalla zona.'} L’ordine torna a te: puoi spedirlo o affidarlo di nuovo.`
      }
      error={form.formError}
      submit={{ label: 'Annulla la consegna', danger: true, busy: move.isPending, onSubmit: submit }}
      onClose={onClose}
    >
      <LimitedTextField
        label="Motivo"
        autoFocus
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        limit={MAX_REASON}
        error={form.fieldError}
      />
    </FormDialog>
  );
}
