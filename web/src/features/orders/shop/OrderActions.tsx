import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import { Box, Button, Chip, IconButton, Tooltip, type ButtonProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { errorText } from '../../../lib/client';
import { orderActionLabels, paymentMethodLabel, useOrderAction, type DeliveryType, type Order, type OrderAction } from '../api';
import { toast } from '../../../components/toast/toast-store';
import { DigitsCodeField } from '../../../components/DigitsCodeField';
import { FormDialog, useOneFieldForm } from '../../../components/FormDialog';
import { tooLong } from '../../../components/form-kit';
import { ReasonField } from '../../../components/ReasonDialog';

/** A cancellation's reason, as long as the orders' contract takes it. */
const MAX_REASON = 500;

/* The shop's buttons on an order, on the list and on the order's page, with their two dialogs. */

export interface ActionTarget {
  id: string;
  customerName: string;
  deliveryType: DeliveryType;
  paymentMethod: string;
}

const icons: Record<OrderAction, ReactNode> = {
  accept: <CheckIcon />,
  ready: <ShoppingBagIcon />,
  ship: <LocalShippingIcon />,
  complete: <DoneAllIcon />,
  cancel: <CancelOutlinedIcon />,
};

const doneMessages: Record<Exclude<OrderAction, 'cancel'>, { title: string; description: string }> = {
  accept: { title: 'Ordine accettato', description: 'Il cliente sa che lo stai preparando.' },
  ready: { title: 'Ordine pronto', description: 'Il cliente riceve l’avviso.' },
  ship: { title: 'Ordine spedito', description: 'Il cliente sa che è in consegna.' },
  complete: { title: 'Ordine completato', description: 'Consegnato e segnato come pagato.' },
};

const fallback = 'Non è stato possibile aggiornare l’ordine: riprova tra poco.';

/** A pickup is handed over only against the 6-digit code the customer shows. */
function CompleteDialog({ order, onClose, onDone }: { order: ActionTarget; onClose: () => void; onDone: (o: Order) => void }) {
  const action = useOrderAction();
  const [code, setCode] = useState('');
  // A wrong code belongs to the field; anything else (the order moved meanwhile) above it.
  const form = useOneFieldForm('pickupCode', fallback);
  const submit = form.submit(
    () => (/^\d{6}$/.test(code) ? null : 'Il codice ha 6 cifre.'),
    async () => onDone(await action.mutateAsync({ id: order.id, action: 'complete', pickupCode: code })),
  );
  return (
    <FormDialog
      id="complete-title"
      title="Consegna l’ordine"
      text={
        <>
          Chiedi a {order.customerName} il codice di ritiro di 6 cifre che vede nel suo ordine. Pagamento: {paymentMethodLabel(order)}.
        </>
      }
      error={form.formError}
      submit={{ label: 'Conferma consegna', busy: action.isPending, onSubmit: submit }}
      onClose={onClose}
    >
      <DigitsCodeField label="Codice di ritiro" value={code} onChange={setCode} {...form.fieldState(' ')} />
    </FormDialog>
  );
}

const cancelReasons = ['Prodotto esaurito', 'Negozio chiuso', 'Il cliente non è passato', 'Richiesta del cliente'];

/** Cancelling needs a reason: the customer reads it in the notification. */
function CancelDialog({ order, onClose, onDone }: { order: ActionTarget; onClose: () => void; onDone: (o: Order) => void }) {
  const action = useOrderAction();
  const [reason, setReason] = useState('');
  const form = useOneFieldForm('reason', fallback);
  const submit = form.submit(
    () => (reason.trim() ? (tooLong(reason, MAX_REASON) ?? null) : 'Scrivi il motivo dell’annullamento.'),
    async () => onDone(await action.mutateAsync({ id: order.id, action: 'cancel', reason: reason.trim() })),
  );
  return (
    <FormDialog
      id="cancel-title"
      title="Annullare l’ordine?"
      text={<>L’ordine di {order.customerName} sarà annullato e i prodotti torneranno disponibili. Il cliente riceverà il motivo.</>}
      error={form.formError}
      submit={{ label: 'Annulla ordine', busy: action.isPending, onSubmit: submit, danger: true }}
      onClose={onClose}
    >
      <ReasonField value={reason} onChange={setReason} limit={MAX_REASON} error={form.fieldError} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Motivi frequenti">
        {cancelReasons.map((r) => (
          <Chip
            key={r}
            label={r}
            variant="outlined"
            onClick={() => {
              setReason(r);
              form.clearFieldError();
            }}
          />
        ))}
      </Box>
    </FormDialog>
  );
}

/**
 * The buttons of the moves the shop may make now; the next step stands out, cancelling does not
 * (on a list row, `compact`, it is only an icon). Each answer refreshes every order read, so the
 * list and the page follow at once.
 */
export function OrderActionButtons({
  order,
  actions,
  size = 'medium',
  compact = false,
}: {
  order: ActionTarget;
  actions: OrderAction[];
  size?: ButtonProps['size'];
  compact?: boolean;
}) {
  const action = useOrderAction();
  const [dialog, setDialog] = useState<'complete' | 'cancel' | null>(null);
  const [busy, setBusy] = useState<OrderAction | null>(null);
  if (!actions.length) return null;

  const done = (kind: OrderAction) => () => {
    setDialog(null);
    toast(kind === 'cancel' ? { title: 'Ordine annullato', description: `Abbiamo avvisato ${order.customerName}.` } : { ...doneMessages[kind], variant: 'success' });
  };

  const run = async (kind: OrderAction) => {
    if (kind === 'cancel' || (kind === 'complete' && order.deliveryType === 'pickup')) {
      setDialog(kind);
      return;
    }
    setBusy(kind);
    try {
      await action.mutateAsync({ id: order.id, action: kind });
      done(kind)();
    } catch (error) {
      toast({ title: 'Ordine non aggiornato', description: errorText(error, fallback), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: compact ? 'nowrap' : 'wrap', alignItems: 'center' }}>
        {actions.map((kind) =>
          compact && kind === 'cancel' ? (
            <Tooltip key={kind} title={orderActionLabels.cancel}>
              <IconButton size={size} color="error" aria-label={orderActionLabels.cancel} disabled={busy !== null} onClick={() => run(kind)}>
                {icons.cancel}
              </IconButton>
            </Tooltip>
          ) : (
            <Button
              key={kind}
              size={size}
              variant={kind === 'cancel' ? 'outlined' : 'contained'}
              color={kind === 'cancel' ? 'error' : 'primary'}
              startIcon={icons[kind]}
              disabled={busy !== null}
              onClick={() => run(kind)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {busy === kind ? 'Caricamento...' : orderActionLabels[kind]}
            </Button>
          ),
        )}
      </Box>
      {dialog === 'complete' && <CompleteDialog order={order} onClose={() => setDialog(null)} onDone={done('complete')} />}
      {dialog === 'cancel' && <CancelDialog order={order} onClose={() => setDialog(null)} onDone={done('cancel')} />}
    </>
  );
}
