import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { MAX_TEXT } from '@labels/complaints';
import { useAdminCall } from '../../../admin/shared/moves';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { FormDialog, useFieldsForm } from '../../../components/FormDialog';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { toast } from '../../../components/toast/toast-store';
import { adminMove, type AdminMove, type CaseDetail } from '../api';
import { decided } from '../case-figures';

/** The action decided, as long as the complaints' contract takes it (not among its labels). */
const MAX_ACTION = 1000;

type Dialog = 'ask' | 'note' | 'message' | 'resolve' | 'reject' | null;

/** The admin decides: a response to the parties, the action, and an optional compensation (a refund in euros, or AI credits). */
function ResolveDialog({ c, onDone, onClose }: { c: CaseDetail; onDone: () => void; onClose: () => void }) {
  const [adminResponse, setResponse] = useState('');
  const [resolutionAction, setAction] = useState('');
  const [method, setMethod] = useState<'none' | 'refund' | 'credits'>('none');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFieldsForm('Decisione non salvata.');
  const euros = Number(amount.replace(',', '.'));
  const submit = form.submit(
    () => ({
      adminResponse: adminResponse.trim() ? tooLong(adminResponse, MAX_TEXT) : 'Scrivi la risposta alle parti.',
      resolutionAction: resolutionAction.trim() ? tooLong(resolutionAction, MAX_ACTION) : 'Scrivi l’azione decisa.',
      compensation:
        method !== 'none' && !(euros > 0)
          ? method === 'refund'
            ? 'Un importo in euro maggiore di zero.'
            : 'Un numero di crediti maggiore di zero.'
          : method === 'credits' && !Number.isInteger(euros)
            ? 'Crediti AI: un numero intero.'
            : undefined,
    }),
    async () => {
      setBusy(true);
      try {
        await adminMove({
          id: c.id,
          move: 'resolve',
          adminResponse: adminResponse.trim(),
          resolutionAction: resolutionAction.trim(),
          compensation: method === 'none' ? null : method === 'refund' ? { method, amount: euros, credits: 0 } : { method, credits: euros, amount: 0 },
        });
        toast({ title: 'Caso risolto', description: method === 'none' ? undefined : 'L’indennizzo attende l’approvazione.', variant: 'success' });
        onDone();
        onClose();
      } finally {
        setBusy(false);
      }
    },
  );
  const forCustomer = c.complainant.type === 'customer';
  return (
    <FormDialog
      id="resolve-case-title"
      title="Risolvi il caso"
      text={c.round === 2 ? 'È il ricorso: la decisione è definitiva.' : 'Chi ha presentato il caso potrà fare ricorso entro 7 giorni.'}
      error={form.formError}
      submit={{ label: 'Risolvi', busy, onSubmit: (e) => void submit(e) }}
      onClose={onClose}
      maxWidth="sm"
    >
      <LimitedTextField
        label="Risposta alle parti"
        required
        multiline
        minRows={2}
        value={adminResponse}
        onChange={(e) => setResponse(e.target.value)}
        limit={MAX_TEXT}
        error={form.errors.adminResponse}
      />
      <LimitedTextField
        label="Azione decisa"
        required
        value={resolutionAction}
        onChange={(e) => setAction(e.target.value)}
        limit={MAX_ACTION}
        error={form.errors.resolutionAction}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <TextField select label="Indennizzo" value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
          <MenuItem value="none">Nessuno</MenuItem>
          <MenuItem value="refund">Rimborso (€)</MenuItem>
          {!forCustomer && <MenuItem value="credits">Crediti AI</MenuItem>}
        </TextField>
        {method !== 'none' && (
          <TextField
            label={method === 'refund' ? 'Importo (€)' : 'Crediti AI'}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={!!(form.errors.compensation ?? form.errors['compensation.amount'] ?? form.errors['compensation.credits'])}
            helperText={
              form.errors.compensation ??
              form.errors['compensation.amount'] ??
              form.errors['compensation.credits'] ??
              (method === 'refund' ? 'Non oltre quanto pagato' : 'Accreditati dopo l’approvazione')
            }
            slotProps={{ htmlInput: { inputMode: method === 'refund' ? 'decimal' : 'numeric' } }}
          />
        )}
      </Box>
    </FormDialog>
  );
}

/**
 * The admin's buttons on a case, by its state: take it (an appeal by another admin), ask the
 * other party, write to the parties or an internal note, resolve, reject, approve the compensation.
 * The server says no (in Italian) when a move is not this admin's to make.
 */
export function AdminCaseMoves({ c: given }: { c?: CaseDetail }) {
  const record = useRecordContext<CaseDetail & { id: string }>();
  const c = given ?? record;
  const refresh = useRefresh();
  const { busy, call } = useAdminCall('Operazione non riuscita.');
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!c) return null;
  const close = () => setDialog(null);
  const instant = (move: AdminMove, done: string) => call(() => adminMove({ id: c.id, ...move }), done);
  const toTake = c.status === 'submitted' || c.status === 'appealed';
  const working = c.status === 'under_review' || c.status === 'investigating';
  return (
    <Box component="section" aria-label="Azioni sul caso" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {toTake && (
        <Button variant="contained" disabled={busy} onClick={() => void instant({ move: 'take' }, 'Caso preso in carico.')}>
          Prendi in carico
        </Button>
      )}
      {working && (
        <Button variant="outlined" onClick={() => setDialog('ask')}>
          Chiedi all’altra parte
        </Button>
      )}
      {working && (
        <Button variant="contained" color="success" onClick={() => setDialog('resolve')}>
          Risolvi
        </Button>
      )}
      {working && (
        <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
          Respingi
        </Button>
      )}
      {c.compensation.status === 'pending' && (
        <Button variant="contained" color="secondary" disabled={busy} onClick={() => void instant({ move: 'approve-compensation' }, 'Indennizzo approvato.')}>
          Approva indennizzo
        </Button>
      )}
      <Button variant="outlined" color="warning" onClick={() => setDialog('note')}>
        Nota interna
      </Button>
      {!decided(c) && (
        <Button variant="outlined" onClick={() => setDialog('message')}>
          Messaggio alle parti
        </Button>
      )}

      {dialog === 'ask' && (
        <ReasonDialog
          id="ask-case-title"
          title={`Chiedere a ${c.respondent.name}?`}
          text="L’altra parte vede il caso e ha 3 giorni per rispondere."
          label="Domanda"
          missing="Scrivi la domanda."
          field="question"
          limit={MAX_TEXT}
          submitLabel="Chiedi"
          done="Domanda inviata."
          fallback="Domanda non inviata."
          send={(question) => adminMove({ id: c.id, move: 'ask', question }).then(refresh)}
          onClose={close}
        />
      )}
      {(dialog === 'note' || dialog === 'message') && (
        <ReasonDialog
          id="case-admin-message-title"
          title={dialog === 'note' ? 'Nota interna' : 'Messaggio alle parti'}
          text={dialog === 'note' ? 'La leggono solo gli amministratori.' : 'Lo leggono chi ha presentato il caso e l’altra parte.'}
          label={dialog === 'note' ? 'Nota' : 'Messaggio'}
          missing="Scrivi il testo."
          field="text"
          limit={MAX_TEXT}
          submitLabel={dialog === 'note' ? 'Salva la nota' : 'Invia'}
          done={dialog === 'note' ? 'Nota salvata.' : 'Messaggio inviato.'}
          fallback="Non salvato."
          send={(text) => adminMove({ id: c.id, move: 'messages', text, internal: dialog === 'note' }).then(refresh)}
          onClose={close}
        />
      )}
      {dialog === 'reject' && (
        <ReasonDialog
          id="reject-case-title"
          title="Respingere il caso?"
          text={c.round === 2 ? 'È il ricorso: la decisione è definitiva.' : 'Chi ha presentato il caso potrà fare ricorso entro 7 giorni.'}
          label="Motivo"
          limit={MAX_TEXT}
          submitLabel="Respingi"
          danger
          done="Caso respinto."
          fallback="Caso non respinto."
          send={(reason) => adminMove({ id: c.id, move: 'reject', reason }).then(refresh)}
          onClose={close}
        />
      )}
      {dialog === 'resolve' && <ResolveDialog c={c} onDone={refresh} onClose={close} />}
    </Box>
  );
}
