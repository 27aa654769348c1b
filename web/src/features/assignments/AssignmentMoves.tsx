import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { ReasonDialog } from '../../components/ReasonDialog';
import { toast } from '../../components/toast/toast-store';
import { errorText } from '../../lib/client';
import { formatMoney } from '../../lib/money';
import { useAssignmentMove, type Assignment } from './api';
import type { AssignmentReader } from './AssignmentCard';
import { ProblemDialog } from './ProblemDialog';
import { plural } from '@platform/domain/format';

type Dialog = 'reject' | 'cancel' | 'problem' | 'complete' | 'paid' | null;

/** What a move that needs no words says once done. */
const doneTitles = {
  accept: 'Incarico accettato: il negozio programma le sessioni.',
  start: 'Incarico iniziato.',
  complete: 'Incarico completato: il compenso va al collaboratore.',
  paid: 'Compenso segnato come pagato.',
} as const;

/** The words of the moves that take a few: a reason to reject or cancel. */
const wordsOf = (a: Assignment) => ({
  reject: {
    title: `Rifiuti l’incarico di ${a.storeName}?`,
    text: 'Il negozio legge il motivo: aiutalo a capire (per esempio, quando saresti disponibile).',
    label: 'Motivo',
    submitLabel: 'Rifiuta l’incarico',
    danger: true,
    done: 'Incarico rifiutato.',
    fallback: 'Non è stato possibile rifiutare l’incarico.',
  },
  cancel: {
    title: 'Annullare l’incarico?',
    text: `${a.collaboratorName} legge il motivo; le sessioni non ancora attivate si annullano.`,
    label: 'Motivo',
    submitLabel: 'Annulla l’incarico',
    danger: true,
    done: 'Incarico annullato.',
    fallback: 'Non è stato possibile annullare l’incarico.',
  },
});

/** The moves the reader may make on the assignment now: the server has the last word on each. */
function movesOf(a: Assignment, reader: AssignmentReader) {
  return {
    accept: reader === 'collaborator' && a.status === 'pending',
    reject: reader === 'collaborator' && a.status === 'pending',
    start: reader === 'collaborator' && a.status === 'accepted',
    complete: reader === 'shopkeeper' && a.status === 'in_progress',
    paid: reader === 'shopkeeper' && a.origin === 'direct' && a.status === 'completed' && a.paymentStatus === 'pending',
    cancel: reader === 'shopkeeper' && (a.status === 'pending' || a.status === 'accepted'),
    // A report (issue [14]) on any assignment but a rejected one: several may be sent, one after the other, even after it ended (a payment disputed).
    problem: a.status !== 'rejected',
  };
}

/** The buttons of an assignment's moves, with their dialogs. Nothing when there is none. */
export function AssignmentMoves({ assignment: a, reader }: { assignment: Assignment; reader: AssignmentReader }) {
  const move = useAssignmentMove();
  const [dialog, setDialog] = useState<Dialog>(null);
  const can = movesOf(a, reader);
  if (!Object.values(can).some(Boolean)) return null;
  const close = () => setDialog(null);

  const run = (kind: keyof typeof doneTitles, then?: () => void) =>
    move.mutate(
      { id: a.id, move: kind },
      {
        onSuccess: () => {
          toast({ title: doneTitles[kind], variant: 'success' });
          then?.();
        },
        onError: (e) => toast({ title: errorText(e, 'Non è stato possibile aggiornare l’incarico.'), variant: 'destructive' }),
      },
    );

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {can.accept && (
        <Button variant="contained" onClick={() => run('accept')} disabled={move.isPending}>
          Accetta
        </Button>
      )}
      {can.reject && (
        <Button color="inherit" onClick={() => setDialog('reject')}>
          Rifiuta
        </Button>
      )}
      {can.start && (
        <Button variant="contained" onClick={() => run('start')} disabled={move.isPending}>
          Inizia l’incarico
        </Button>
      )}
      {can.complete && (
        <Button variant="contained" onClick={() => setDialog('complete')}>
          Segna completato
        </Button>
      )}
      {can.paid && (
        <Button variant="contained" onClick={() => setDialog('paid')}>
          Segna pagato
        </Button>
      )}
      {can.cancel && (
        <Button color="error" onClick={() => setDialog('cancel')}>
          Annulla l’incarico
        </Button>
      )}
      {can.problem && (
        <Button color="warning" onClick={() => setDialog('problem')}>
          Segnala un problema
        </Button>
      )}

      {(dialog === 'reject' || dialog === 'cancel') && (
        <ReasonDialog {...wordsOf(a)[dialog]} id={`${dialog}-assignment-title`} send={(words) => move.mutateAsync({ id: a.id, move: dialog, reason: words })} onClose={close} />
      )}
      {dialog === 'problem' && <ProblemDialog assignment={a} reader={reader} onClose={close} />}
      {(dialog === 'complete' || dialog === 'paid') && (
        <FormDialog
          id="confirm-assignment-title"
          title={dialog === 'complete' ? 'Il lavoro è completato?' : 'Hai pagato il compenso?'}
          text={
            dialog === 'complete'
              ? `Confermi che ${a.collaboratorName} ha completato l’incarico: gli spettano ${formatMoney(a.compensation)}${a.creditsEarned ? ` e ${plural(a.creditsEarned, 'credito AI', 'crediti AI')}` : ''}.`
              : `Confermi di aver pagato a ${a.collaboratorName} l’importo di questo incarico diretto (${formatMoney(a.paymentAmount)}): nei suoi guadagni risulta pagato.`
          }
          error={null}
          submit={{
            label: dialog === 'complete' ? 'Segna completato' : 'Segna pagato',
            busy: move.isPending,
            onSubmit: (e) => {
              e.preventDefault();
              run(dialog, close);
            },
          }}
          onClose={close}
        >
          {null}
        </FormDialog>
      )}
    </Box>
  );
}
