import TuneIcon from '@mui/icons-material/Tune';
import { TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError, apiRequest, errorText } from '../../../lib/client';
import { randomUuid } from '../../../lib/random-uuid';

/** An adjustment's reason, as long as the credits' contract takes it. */
const MAX_REASON = 200;

type Errors = Partial<Record<'credits' | 'reason', string>>;

/** The number field's text as a number, none when it is empty: the server names what is wrong with it (0, 2.5, too many). */
const creditsOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * «Correggi crediti»: adds credits (for 12 months) or takes them (the first to expire first) with
 * the reason the user will read. Each opening of the dialog is one adjustment: its key goes with
 * every attempt, so a double click or a retried request adjusts once. The server's Italian
 * errors stand on their fields, a refusal (not enough credits) above them.
 */
export function AdjustCreditsButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [key, setKey] = useState<string | null>(null);
  const [credits, setCredits] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const open = () => {
    setKey(randomUuid());
    setCredits('');
    setReason('');
    setErrors({});
    setRefusal(null);
  };
  const close = () => setKey(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!key || busy) return;
    setErrors({});
    setRefusal(null);
    // A reason over its limit says so under it: nothing is sent, nothing is cut.
    if (tooLong(reason, MAX_REASON)) return;
    setBusy(true);
    try {
      const after = await apiRequest<{ balance: number }>(
        'POST',
        `/api/admin/credits/${String(record.id)}/adjust`,
        { credits: creditsOf(credits), reason },
        { 'Idempotency-Key': key },
      );
      notify(`Crediti corretti: il saldo è ${after.balance.toLocaleString('it-IT')}.`, { type: 'success' });
      close();
      refresh();
    } catch (error) {
      // Refused (4xx): that request is over, and its key is bound to what it asked; the next try,
      // perhaps with other credits, is a request of its own. A lost answer keeps the key (done once).
      if (error instanceof ApiError && error.status < 500) setKey(randomUuid());
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fields).length) setErrors(fields);
      else setRefusal(errorText(error, 'Correzione non riuscita. Riprova.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="Correggi crediti" onClick={open}>
        <TuneIcon />
      </Button>
      {key && (
        <FormDialog
          id="correggi-crediti"
          title={`Correggi i crediti di ${String(record.username)}`}
          text="Con + si aggiungono crediti, che valgono 12 mesi; con − si tolgono, prima quelli che scadono prima."
          error={refusal}
          submit={{ label: 'Correggi', busy, onSubmit: submit }}
          onClose={close}
          backLabel="Annulla"
          maxWidth="sm"
        >
          <TextField
            autoFocus
            fullWidth
            type="number"
            label="Crediti"
            value={credits}
            onChange={(e) => setCredits(e.target.value)}
            error={Boolean(errors.credits)}
            helperText={errors.credits ?? 'Per esempio 20 per aggiungerne, −20 per toglierne.'}
            slotProps={{ htmlInput: { step: 1 } }}
          />
          <LimitedTextField
            fullWidth
            multiline
            minRows={2}
            label="Motivo"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            limit={MAX_REASON}
            error={errors.reason}
            hint="L’utente lo legge tra i movimenti dei suoi crediti."
          />
        </FormDialog>
      )}
    </>
  );
}
