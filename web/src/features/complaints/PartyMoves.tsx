import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Box, Button } from '@mui/material';
import { useRef, useState, type ComponentProps } from 'react';
import { MAX_TEXT } from '@labels/complaints';
import { ReasonDialog } from '../../components/ReasonDialog';
import { toast } from '../../components/toast/toast-store';
import { errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { useAddEvidence, usePartyMove, type CaseDetail, type PartyMove } from './api';
import { canRespond, canWrite } from './case-figures';
import { checkFile } from './evidence';
import { EvidenceInput } from './EvidenceInput';

type Dialog = 'message' | 'respond' | 'appeal' | null;

type PartyDialogTexts = Omit<ComponentProps<typeof ReasonDialog>, 'id' | 'limit' | 'send' | 'onClose'>;

/** What each of a party's dialogs says, and the move its words are sent with (`field`: the move's field of the words). */
function partyDialogs(c: CaseDetail): Record<NonNullable<Dialog>, PartyDialogTexts & { body: (words: string) => PartyMove }> {
  return {
    message: {
      title: 'Scrivi nel caso',
      text: 'Il messaggio resta nella storia del caso: lo leggono l’amministrazione e l’altra parte.',
      label: 'Messaggio',
      missing: 'Scrivi il messaggio.',
      field: 'text',
      body: (text) => ({ move: 'messages', text }),
      submitLabel: 'Invia',
      done: 'Messaggio inviato.',
      fallback: 'Messaggio non inviato.',
    },
    respond: {
      title: 'Rispondi all’amministrazione',
      text: `La tua versione dei fatti${c.respondentAnswerBy ? `, entro il ${formatDateTime(c.respondentAnswerBy)}` : ''}. Puoi allegare file anche dopo.`,
      label: 'Risposta',
      missing: 'Scrivi la risposta.',
      field: 'text',
      body: (text) => ({ move: 'respond', text }),
      submitLabel: 'Invia la risposta',
      done: 'Risposta inviata.',
      fallback: 'Risposta non inviata.',
    },
    appeal: {
      title: 'Fare ricorso contro la decisione?',
      text: `Il ricorso si presenta una sola volta${c.appealBy ? `, entro il ${formatDateTime(c.appealBy)}` : ''}; lo esamina un altro amministratore e la sua decisione è definitiva.`,
      label: 'Motivo del ricorso',
      body: (reason) => ({ move: 'appeal', reason }),
      submitLabel: 'Presenta ricorso',
      done: 'Ricorso presentato.',
      fallback: 'Ricorso non presentato.',
    },
  };
}

/** One of a party's dialogs on their case: its words are sent as its move. */
function PartyDialog({ c, dialog, onClose }: { c: CaseDetail; dialog: NonNullable<Dialog>; onClose: () => void }) {
  const move = usePartyMove();
  const { body, ...texts } = partyDialogs(c)[dialog];
  return <ReasonDialog {...texts} id={`case-${dialog}-title`} limit={MAX_TEXT} send={(words) => move.mutateAsync({ id: c.id, ...body(words) })} onClose={onClose} />;
}

/**
 * A party's actions on their case, by their place and its state: write and add a file while it is
 * open, answer the admin's question (the other party, while asked), appeal the decision (who
 * filed it, within 7 days).
 */
export function PartyMoves({ c }: { c: CaseDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const evidence = useAddEvidence();
  const input = useRef<HTMLInputElement>(null);
  const respond = canRespond(c);
  const write = canWrite(c);
  if (!respond && !write && !c.canAppeal) return null;
  const close = () => setDialog(null);
  const upload = async (files: FileList | null) => {
    for (const file of [...(files ?? [])]) {
      const problem = checkFile(file);
      if (problem) {
        toast({ title: 'File non allegato', description: problem, variant: 'destructive' });
        continue;
      }
      try {
        await evidence.mutateAsync({ id: c.id, file });
        toast({ title: 'File allegato', description: file.name, variant: 'success' });
      } catch (error) {
        toast({ title: 'File non allegato', description: errorText(error, `${file.name}: riprova tra poco.`), variant: 'destructive' });
      }
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} component="section" aria-label="Le tue azioni">
      {respond && c.respondentAnswerBy && (
        <Alert severity="warning">L’amministrazione ti chiede di rispondere entro il {formatDateTime(c.respondentAnswerBy)}: la domanda è nella storia del caso.</Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {respond && (
          <Button variant="contained" onClick={() => setDialog('respond')}>
            Rispondi
          </Button>
        )}
        {c.canAppeal && (
          <Button variant="contained" color="secondary" onClick={() => setDialog('appeal')}>
            Fai ricorso
          </Button>
        )}
        {write && (
          <Button variant="outlined" onClick={() => setDialog('message')}>
            Scrivi un messaggio
          </Button>
        )}
        {write && (
          <Button variant="outlined" startIcon={<AttachFileIcon />} disabled={evidence.isPending} onClick={() => input.current?.click()}>
            {evidence.isPending ? 'Invio del file…' : 'Aggiungi un file'}
          </Button>
        )}
        <EvidenceInput ref={input} label="Aggiungi un file al caso" onFiles={(files) => void upload(files)} />
      </Box>
      {dialog && <PartyDialog c={c} dialog={dialog} onClose={close} />}
    </Box>
  );
}
