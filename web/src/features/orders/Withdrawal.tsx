import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturnOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { WITHDRAWAL_DAYS, WITHDRAWAL_REASON_MAX } from '@pure/orders/withdrawal';
import { errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { SectionCard } from '../../components/SectionCard';
import { FormError } from '../../components/FormError';
import { LimitedTextField, tooLong } from '../../components/form-kit';
import { toast } from '../../components/toast/toast-store';
import { useConfirmWithdrawalReturn, useWithdrawOrder, type Order, type OrderWithdrawal } from './api';

/*
 * «Diritto di recesso» (Codice del Consumo artt. 52–59, src/modules/orders/withdrawal.ts): the
 * customer's page says until when and what goes back, or why not, each excluded line with its
 * reason; then where the withdrawal is. The shop's page takes the goods back; the admin's reads it.
 */

/** Whether the order's page shows the section at all: shipped orders, once accepted (before, the customer cancels). */
export const showsWithdrawal = (order: Pick<Order, 'deliveryType' | 'status' | 'withdrawal'>): boolean =>
  order.withdrawal.state !== null || (order.deliveryType === 'shipping' && order.status !== 'pending' && order.status !== 'cancelled');

/** The withdrawal's state, in the words of the side reading it. */
export function withdrawalStateText(w: OrderWithdrawal, side: 'customer' | 'shop', storeName: string, status?: Order['status']): string | null {
  const refund = formatMoney(w.refund);
  // Cancelled before the goods came back: the cancellation's refund gives back what was paid.
  if (w.state === 'requested' && status === 'cancelled') return 'Recesso inviato, poi l’ordine è stato annullato: il rimborso segue l’annullamento.';
  switch (w.state) {
    case 'requested':
      return side === 'customer'
        ? `Recesso inviato: rispedisci la merce al negozio «${storeName}». Quando la riceve ti rimborseremo ${refund}.`
        : `Il cliente ha esercitato il recesso${w.withdrawnAt ? ` il ${formatDateTime(w.withdrawnAt)}` : ''}: ti rispedirà la merce. Quando arriva, conferma qui sotto e il rimborso di ${refund} partirà.`;
    case 'returned':
      return side === 'customer'
        ? `Il negozio ha ricevuto la merce: il rimborso di ${refund} è in corso sul metodo con cui hai pagato.`
        : `Merce restituita: il rimborso di ${refund} è in corso sul pagamento online del cliente.`;
    case 'refunded':
      return `Rimborso di ${refund} emesso${w.refundedAt ? ` il ${formatDateTime(w.refundedAt)}` : ''}.`;
    default:
      return null;
  }
}

/** The lines excluded from withdrawal, each with its reason (art. 59). */
function ExcludedLines({ lines }: { lines: OrderWithdrawal['excludedLines'] }) {
  if (!lines.length) return null;
  return (
    <Box component="ul" aria-label="Prodotti esclusi dal recesso" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
      {lines.map((line) => (
        <Typography component="li" variant="body2" key={line.productId}>
          <strong>{line.name}</strong>: {line.reason}{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            ({line.article})
          </Box>
        </Typography>
      ))}
    </Box>
  );
}

/** The lines withdrawn, with how many pieces go back. */
function WithdrawnLines({ w }: { w: OrderWithdrawal }) {
  if (!w.lines.length) return null;
  return (
    <Typography variant="body2">
      Da restituire: {w.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ')}
      {w.shippingRefund > 0 ? ` (rimborso con la spedizione di ${formatMoney(w.shippingRefund)})` : ''}.
    </Typography>
  );
}

/** The customer's «Diritto di recesso»: until when and the button, or why not; then where it is. */
export function CustomerWithdrawal({ order }: { order: Order }) {
  const w = order.withdrawal;
  if (!showsWithdrawal(order)) return null;
  const state = withdrawalStateText(w, 'customer', order.storeName, order.status);
  return (
    <SectionCard dense title="Diritto di recesso" icon={<AssignmentReturnIcon />}>
      {state ? (
        <>
          <Alert severity={w.state === 'refunded' ? 'success' : 'info'} data-testid="withdrawal-state">
            {state}
          </Alert>
          <WithdrawnLines w={w} />
        </>
      ) : w.possible ? (
        <>
          <Typography variant="body2">
            {w.until
              ? `Puoi recedere dall’ordine entro il ${formatDateTime(w.until)}, senza dover dare una motivazione.`
              : `Puoi recedere dall’ordine fino a ${WITHDRAWAL_DAYS} giorni dopo la consegna, senza dover dare una motivazione.`}{' '}
            Ti rimborseremo {formatMoney(w.refund)}
            {w.shippingRefund > 0 ? `, spedizione inclusa` : ''} quando il negozio riceve la merce.
          </Typography>
          {w.excludedLines.length > 0 && <Typography variant="body2">Restano esclusi dal recesso:</Typography>}
          <ExcludedLines lines={w.excludedLines} />
          <WithdrawButton order={order} />
        </>
      ) : (
        <>
          <Typography variant="body2" data-testid="withdrawal-refusal">
            {w.refusal}
          </Typography>
          <ExcludedLines lines={w.excludedLines} />
        </>
      )}
    </SectionCard>
  );
}

function WithdrawButton({ order }: { order: Order }) {
  const withdraw = useWithdrawOrder();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onConfirm = () => {
    setProblem(null);
    if (tooLong(reason, WITHDRAWAL_REASON_MAX)) return;
    withdraw.mutateAsync({ id: order.id, reason: reason.trim() || undefined }).then(
      () => {
        setOpen(false);
        toast({ title: 'Recesso inviato', description: `Rispedisci la merce a «${order.storeName}»: il rimborso segue il reso.`, variant: 'success' });
      },
      (error: unknown) => setProblem(errorText(error, 'Recesso non inviato: riprova tra poco.')),
    );
  };
  return (
    <>
      <Box>
        <Button variant="outlined" startIcon={<AssignmentReturnIcon />} onClick={() => setOpen(true)}>
          Recedi dall’ordine
        </Button>
      </Box>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="withdraw-order-title" fullWidth maxWidth="xs">
        <DialogTitle id="withdraw-order-title">Recedere dall’ordine?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            Il negozio «{order.storeName}» sarà avvisato. Dovrai rispedirgli la merce; quando la riceve ti rimborseremo {formatMoney(order.withdrawal.refund)}.
          </DialogContentText>
          <LimitedTextField label="Motivo (facoltativo)" value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} limit={WITHDRAWAL_REASON_MAX} />
          <FormError>{problem}</FormError>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit">
            Non recedere
          </Button>
          <Button onClick={onConfirm} variant="contained" disabled={withdraw.isPending}>
            {withdraw.isPending ? 'Invio…' : 'Conferma il recesso'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The shop's side of a withdrawal: what comes back, and «Merce restituita: rimborsa» once it
 * arrives. `readOnly`: only what happened; `onConfirmed`: told once the return is recorded (the
 * back office, which confirms for a shop that cannot, reloads its record with it).
 */
export function ShopWithdrawal({ order, readOnly = false, onConfirmed }: { order: Order; readOnly?: boolean; onConfirmed?: () => void }) {
  const w = order.withdrawal;
  const confirm = useConfirmWithdrawalReturn();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (w.state === null) return null;
  const onConfirm = () => {
    setProblem(null);
    confirm.mutateAsync(order.id).then(
      () => {
        setOpen(false);
        onConfirmed?.();
        toast({ title: 'Merce restituita', description: `Rimborso di ${formatMoney(w.refund)} avviato.`, variant: 'success' });
      },
      (error: unknown) => setProblem(errorText(error, 'Non registrato: riprova tra poco.')),
    );
  };
  const cash = order.paymentMethod === 'cash';
  return (
    <Box component="section" aria-label="Diritto di recesso" sx={{ display: 'grid', gap: 1 }}>
      <Alert severity={w.state === 'requested' ? 'warning' : w.state === 'refunded' ? 'success' : 'info'} data-testid="withdrawal-state">
        {withdrawalStateText(w, 'shop', order.storeName, order.status)}
      </Alert>
      <WithdrawnLines w={w} />
      {w.reason && <Typography variant="body2">Motivo del cliente: «{w.reason}»</Typography>}
      {!readOnly && w.state === 'requested' && order.status !== 'cancelled' && (
        <Box>
          <Button variant="contained" startIcon={<AssignmentReturnIcon />} onClick={() => setOpen(true)}>
            Merce restituita: rimborsa
          </Button>
        </Box>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="withdrawal-return-title" fullWidth maxWidth="xs">
        <DialogTitle id="withdrawal-return-title">La merce è tornata?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            {cash
              ? `Confermi di aver ricevuto la merce e di restituire ${formatMoney(w.refund)} al cliente (l’ordine era pagato in contanti).`
              : `Confermi di aver ricevuto la merce: ${formatMoney(w.refund)} tornano al cliente sul suo pagamento online, una volta sola.`}
          </DialogContentText>
          <FormError>{problem}</FormError>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit">
            Non ancora
          </Button>
          <Button onClick={onConfirm} variant="contained" disabled={confirm.isPending}>
            {confirm.isPending ? 'Registrazione…' : 'Merce restituita: rimborsa'}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
