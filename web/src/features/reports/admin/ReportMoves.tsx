import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useAdminCall } from '../../../admin/shared/moves';
import { FormDialog } from '../../../components/FormDialog';
import { apiRequest, errorText } from '../../../lib/client';

type Move = 'investigate' | 'resolve' | 'close';

/** The admin's moves on a report: «Prendi in verifica», «Risolvi» (answer, action, refund in euros), «Chiudi». */
export function ReportMoves() {
  const r = useRecordContext();
  const { busy, call } = useAdminCall();
  const [open, setOpen] = useState<Move | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adminResponse, setResponse] = useState('');
  const [resolutionAction, setAction] = useState('');
  const [refund, setRefund] = useState('');
  if (!r) return null;
  /** A move's failure is said in its dialog; «Prendi in verifica», which has none, says it in a notice. */
  const shownInDialog = (e: unknown) => {
    if (!open) return false;
    setError(errorText(e, 'Operazione non riuscita.'));
    return true;
  };
  const send = async (move: Move, body: Record<string, unknown>, done: string) => {
    setError(null);
    if (await call(() => apiRequest('POST', `/api/admin/reports/${r.id}/${move}`, body), done, shownInDialog)) setOpen(null);
  };
  const refundEuros = refund.trim() ? Number(refund.replace(',', '.')) : 0;
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {r.status === 'open' && (
        <Button size="small" variant="contained" onClick={() => void send('investigate', {}, 'Segnalazione presa in verifica')}>
          Prendi in verifica
        </Button>
      )}
      {r.status === 'investigating' && (
        <Button size="small" variant="contained" color="success" onClick={() => setOpen('resolve')}>
          Risolvi
        </Button>
      )}
      {r.status !== 'closed' && (
        <Button size="small" variant="outlined" onClick={() => setOpen('close')}>
          Chiudi
        </Button>
      )}
      {open === 'resolve' && (
        <FormDialog
          id="resolve-title"
          title="Risolvere la segnalazione?"
          text={`La risposta arriva al negozio e al collaboratore. Un rimborso restituisce al negozio parte di quanto ha pagato online per l’incarico, una volta sola.`}
          error={error}
          maxWidth="sm"
          submit={{
            label: 'Risolvi',
            busy,
            onSubmit: (e) => {
              e.preventDefault();
              void send('resolve', { adminResponse, resolutionAction, ...(refund.trim() ? { refundAmount: refundEuros } : {}) }, 'Segnalazione risolta');
            },
          }}
          onClose={() => setOpen(null)}
        >
          <TextField label="Risposta" value={adminResponse} onChange={(e) => setResponse(e.target.value)} multiline minRows={3} required />
          <TextField label="Azione risolutiva" value={resolutionAction} onChange={(e) => setAction(e.target.value)} required />
          <TextField label="Rimborso al negozio (€, facoltativo)" value={refund} onChange={(e) => setRefund(e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        </FormDialog>
      )}
      {open === 'close' && (
        <FormDialog
          id="close-title"
          title="Chiudere la segnalazione?"
          text="Le parti vedono che è chiusa, con la tua risposta se ne scrivi una."
          error={error}
          submit={{
            label: 'Chiudi',
            busy,
            onSubmit: (e) => {
              e.preventDefault();
              void send('close', adminResponse.trim() ? { adminResponse } : {}, 'Segnalazione chiusa');
            },
          }}
          onClose={() => setOpen(null)}
        >
          <TextField label="Risposta (facoltativa)" value={adminResponse} onChange={(e) => setResponse(e.target.value)} multiline minRows={3} />
        </FormDialog>
      )}
    </Stack>
  );
}
