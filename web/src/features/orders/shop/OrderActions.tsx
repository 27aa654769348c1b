import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, TextField, Tooltip, type ButtonProps,
} from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorText } from '../../../lib/client';
import { orderActionLabels, paymentMethodLabel, useOrderAction, type DeliveryType, type Order, type OrderAction } from '../api';
import { toast } from '../../../components/toast/toast-store';

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
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!/^\d{6}$/.test(code)) {
      setFieldError('Il codice ha 6 cifre.');
      return;
    }
    setFieldError(null);
    try {
      onDone(await action.mutateAsync({ id: order.id, action: 'complete', pickupCode: code }));
    } catch (error) {
      // A wrong code belongs to the field; anything else (the order moved meanwhile) above it.
      const codeError = error instanceof ApiError ? error.fieldErrors.pickupCode : undefined;
      if (codeError) setFieldError(codeError);
      else setFormError(errorText(error, fallback));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="complete-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="complete-title">Consegna l’ordine</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            Chiedi a {order.customerName} il codice di ritiro di 6 cifre che vede nel suo ordine. Pagamento: {paymentMethodLabel(order)}.
          </DialogContentText>
          {formError && <Alert severity="error" role="alert">{formError}</Alert>}
          <TextField
            label="Codice di ritiro"
            autoFocus
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            error={!!fieldError}
            helperText={fieldError ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, style: { letterSpacing: '0.4em', fontSize: '1.4rem' } } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>Indietro</Button>
          <Button type="submit" variant="contained" disabled={action.isPending}>{action.isPending ? 'Caricamento...' : 'Conferma consegna'}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

const cancelReasons = ['Prodotto esaurito', 'Negozio chiuso', 'Il cliente non è passato', 'Richiesta del cliente'];

/** Cancelling needs a reason: the customer reads it in the notification. */
function CancelDialog({ order, onClose, onDone }: { order: ActionTarget; onClose: () => void; onDone: (o: Order) => void }) {
  const action = useOrderAction();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const text = reason.trim();
    if (!text) {
      setFieldError('Scrivi il motivo dell’annullamento.');
      return;
    }
    setFieldError(null);
    try {
      onDone(await action.mutateAsync({ id: order.id, action: 'cancel', reason: text }));
    } catch (error) {
      const reasonError = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (reasonError) setFieldError(reasonError);
      else setFormError(errorText(error, fallback));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="cancel-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="cancel-title">Annullare l’ordine?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            L’ordine di {order.customerName} sarà annullato e i prodotti torneranno disponibili. Il cliente riceverà il motivo.
          </DialogContentText>
          {formError && <Alert severity="error" role="alert">{formError}</Alert>}
          <TextField
            label="Motivo"
            autoFocus
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!!fieldError}
            helperText={fieldError ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Motivi frequenti">
            {cancelReasons.map((r) => <Chip key={r} label={r} variant="outlined" onClick={() => { setReason(r); setFieldError(null); }} />)}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>Indietro</Button>
          <Button type="submit" color="error" variant="contained" disabled={action.isPending}>{action.isPending ? 'Caricamento...' : 'Annulla ordine'}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The buttons of the moves the shop may make now; the next step stands out, cancelling does not
 * (on a list row, `compact`, it is only an icon). Each answer refreshes every order read, so the
 * list and the page follow at once.
 */
export function OrderActionButtons({ order, actions, size = 'medium', compact = false }: {
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
        {actions.map((kind) => compact && kind === 'cancel' ? (
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
        ))}
      </Box>
      {dialog === 'complete' && <CompleteDialog order={order} onClose={() => setDialog(null)} onDone={done('complete')} />}
      {dialog === 'cancel' && <CancelDialog order={order} onClose={() => setDialog(null)} onDone={done('cancel')} />}
    </>
  );
}
