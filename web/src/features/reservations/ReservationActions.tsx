import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import { Box, Button } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorText } from '../../lib/client';
import { useReservationAction, type Reservation, type ReservationAction } from './api';
import { toast } from '../../components/toast/toast-store';
import { FormDialog, useOneFieldForm } from '../../components/FormDialog';
import { LimitedTextField, tooLong } from '../../components/form-kit';
import { ReasonField } from '../../components/ReasonDialog';
import { pickupDayText } from './common';

/* The moves on a reservation: the shop's four, the customer's cancel; confirm and cancel ask first. */

/** Each move's button: the shopkeeper's four; the customer only ever has "cancel". */
const buttons: Record<ReservationAction, { label: string; icon: ReactNode }> = {
  confirm: { label: 'Conferma', icon: <CheckIcon /> },
  ready: { label: 'Segna come pronta', icon: <ShoppingBagIcon /> },
  complete: { label: 'Completa', icon: <DoneAllIcon /> },
  cancel: { label: 'Annulla prenotazione', icon: <CancelOutlinedIcon /> },
};

/** The shop's note and a cancellation's reason, as long as the reservations' contract takes them. */
const MAX_NOTE = 1000;
const MAX_REASON = 500;

const fallback = 'Non è stato possibile aggiornare la prenotazione: riprova tra poco.';

const doneTexts: Record<'ready' | 'complete', { title: string; description: string }> = {
  ready: { title: 'Prenotazione pronta', description: 'Il cliente riceve l’avviso.' },
  complete: { title: 'Prenotazione completata', description: 'Consegnata al cliente.' },
};

type Side = 'store' | 'customer';

/** Confirming holds the stock: the 409 of a shelf too short shows here, in the shop's words. */
function ConfirmDialog({ reservation, onClose }: { reservation: Reservation; onClose: () => void }) {
  const action = useReservationAction();
  const [note, setNote] = useState('');
  const [formError, setFormError] = useState<{ message: string; conflict: boolean } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // Too long, the note says so under it: nothing is sent, nothing is cut.
    if (tooLong(note, MAX_NOTE)) return;
    try {
      await action.mutateAsync({ id: reservation.id, action: 'confirm', shopkeeperNotes: note.trim() });
      toast({ title: 'Prenotazione confermata', description: 'I pezzi sono messi da parte per il cliente.', variant: 'success' });
      onClose();
    } catch (error) {
      setFormError({ message: errorText(error, fallback), conflict: error instanceof ApiError && error.status === 409 });
    }
  };
  return (
    <FormDialog
      id="confirm-reservation-title"
      title="Confermare la prenotazione?"
      text={
        <>
          {reservation.quantity} × «{reservation.productName}» per {reservation.customerName}, ritiro {pickupDayText(reservation).toLowerCase()}. Confermando, i pezzi escono dalla
          disponibilità del negozio online.
        </>
      }
      error={
        formError && (
          <>
            {formError.message}
            {formError.conflict && ' Aggiorna il magazzino oppure annulla la prenotazione spiegando il motivo al cliente.'}
          </>
        )
      }
      submit={{ label: 'Conferma prenotazione', busy: action.isPending, onSubmit: submit }}
      onClose={onClose}
    >
      <LimitedTextField
        label="Nota per il cliente"
        multiline
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        hint="Facoltativa, ad esempio «Passi dopo le 16»"
        limit={MAX_NOTE}
      />
    </FormDialog>
  );
}

/** The shop must say why (the customer reads it); the customer may simply cancel. */
function CancelDialog({ reservation, side, onClose }: { reservation: Reservation; side: Side; onClose: () => void }) {
  const action = useReservationAction();
  const [reason, setReason] = useState('');
  const form = useOneFieldForm('reason', fallback);
  const reasonRequired = side === 'store';
  const submit = form.submit(
    () => tooLong(reason, MAX_REASON) ?? (reasonRequired && !reason.trim() ? 'Scrivi il motivo dell’annullamento.' : null),
    async () => {
      await action.mutateAsync({ id: reservation.id, action: 'cancel', reason: reason.trim() });
      toast({ title: 'Prenotazione annullata', description: side === 'store' ? `Abbiamo avvisato ${reservation.customerName}.` : `Abbiamo avvisato ${reservation.storeName}.` });
      onClose();
    },
  );
  return (
    <FormDialog
      id="cancel-reservation-title"
      title="Annullare la prenotazione?"
      text={
        <>
          {reservation.quantity} × «{reservation.productName}»{side === 'store' ? ` di ${reservation.customerName}` : ` da ${reservation.storeName}`}.
          {side === 'store' ? ' Il cliente riceverà il motivo.' : ' Il negozio riceverà un avviso.'}
        </>
      }
      error={form.formError}
      submit={{ label: 'Annulla prenotazione', busy: action.isPending, onSubmit: submit, danger: true }}
      onClose={onClose}
    >
      <ReasonField required={reasonRequired} value={reason} onChange={setReason} limit={MAX_REASON} error={form.fieldError} hint={reasonRequired ? undefined : 'Facoltativo'} />
    </FormDialog>
  );
}

/** The buttons of the moves the caller may make now (the server's allowedActions). */
export function ReservationActionButtons({ reservation, side }: { reservation: Reservation; side: Side }) {
  const action = useReservationAction();
  const [dialog, setDialog] = useState<'confirm' | 'cancel' | null>(null);
  const [busy, setBusy] = useState<ReservationAction | null>(null);
  const actions = side === 'customer' ? reservation.allowedActions.filter((a) => a === 'cancel') : reservation.allowedActions;
  if (!actions.length) return null;

  const run = async (kind: ReservationAction) => {
    if (kind === 'confirm' || kind === 'cancel') {
      setDialog(kind);
      return;
    }
    setBusy(kind);
    try {
      await action.mutateAsync({ id: reservation.id, action: kind });
      toast({ ...doneTexts[kind], variant: 'success' });
    } catch (error) {
      toast({ title: 'Prenotazione non aggiornata', description: errorText(error, fallback), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {actions.map((kind) => (
          <Button
            key={kind}
            size="small"
            variant={kind === 'cancel' ? 'outlined' : 'contained'}
            color={kind === 'cancel' ? 'error' : 'primary'}
            startIcon={buttons[kind].icon}
            disabled={busy !== null}
            onClick={() => run(kind)}
          >
            {busy === kind ? 'Caricamento...' : buttons[kind].label}
          </Button>
        ))}
      </Box>
      {dialog === 'confirm' && <ConfirmDialog reservation={reservation} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog reservation={reservation} side={side} onClose={() => setDialog(null)} />}
    </>
  );
}
