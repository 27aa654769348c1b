import KeyIcon from '@mui/icons-material/KeyOutlined';
import { Alert, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { Skeletons } from '../../../components/Skeletons';
import { toast } from '../../../components/toast/toast-store';
import { errorText } from '../../../lib/client';
import { useNow } from '../../../lib/use-now';
import { useCurrentSession, useFollowActions, useSessionMove, type Session } from '../api';
import { CodeField, useCodeForm } from '../CodeField';
import { countdownText, durationWords } from '../session-figures';

/* What the pages of the collaborator's active session share: the session itself, its countdown, its closing. */

/**
 * The session's pages before it is read, and when there is none: no session active (or no more:
 * closed, expired or revoked meanwhile), with the way to activate one. `children` render the session.
 */
export function WithSession({ title, children }: { title: string; children: (session: Session) => ReactNode }) {
  const current = useCurrentSession({ poll: 30_000 });
  useFollowActions();
  if (current.data) return <>{children(current.data)}</>;
  return (
    <>
      <DashboardHeader title={title} />
      {current.isPending ? (
        <Skeletons label="Caricamento della sessione" heights={[120, 240]} gap={2} />
      ) : current.isError ? (
        <Alert severity="error">{errorText(current.error, 'Impossibile leggere la sessione. Riprova tra poco.')}</Alert>
      ) : (
        <EmptyState
          icon={<KeyIcon />}
          title="Nessuna sessione attiva"
          text="Per lavorare per un negozio attiva la sessione con il codice che ti dà il negoziante. Se ne avevi una, è stata chiusa, è scaduta o il negozio l’ha revocata."
          go={{ to: '/collaborator/activate-session', label: 'Attiva una sessione' }}
        />
      )}
    </>
  );
}

/** Time left until the session ends by itself, counted down every second. */
export function Countdown({ until }: { until: string }) {
  const now = useNow(1000);
  const left = new Date(until).getTime() - now;
  return (
    <Typography
      component="span"
      role="timer"
      aria-label={`Tempo rimasto: ${durationWords(left)}`}
      sx={{ fontSize: 'inherit', fontWeight: 'inherit', fontVariantNumeric: 'tabular-nums', color: left < 10 * 60_000 ? 'error.main' : 'inherit' }}
    >
      {countdownText(left)}
    </Typography>
  );
}

/** The collaborator closes the session with the closure code the shopkeeper gives, then goes back to the assignments. */
export function CloseSessionDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const navigate = useNavigate();
  const move = useSessionMove();
  const form = useCodeForm('closureCode', 'Non è stato possibile chiudere la sessione. Riprova.', '8 caratteri, con o senza il trattino.', async (closureCode) => {
    await move.mutateAsync({ id: session.id, move: 'close', closureCode });
    toast({ title: `Sessione presso ${session.storeName} chiusa. Grazie!`, variant: 'success' });
    void navigate('/collaborator/assignments');
  });
  return (
    <FormDialog
      id="close-session-title"
      title="Chiudi la sessione"
      text={`Chiedi al negoziante di ${session.storeName} il codice di chiusura: lo vede sul suo telefono. Dopo la chiusura non puoi più agire per il negozio.`}
      error={form.formError}
      submit={{ label: 'Chiudi la sessione', busy: move.isPending, onSubmit: (e) => void form.submit(e) }}
      onClose={onClose}
    >
      <CodeField label="Codice di chiusura" {...form.field} autoFocus />
    </FormDialog>
  );
}
