import AutorenewIcon from '@mui/icons-material/Autorenew';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUserOutlined';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { formatCode, MAX_CODE_TRIES, READY_BEFORE_MS } from '@pure/collaboration-sessions/labels';
import { CodeBox } from '../../components/CodeBox';
import { toast } from '../../components/toast/toast-store';
import { errorText } from '../../lib/client';
import { formatTime } from '../../lib/dates';
import { useSessionMove, type Session } from './api';

/** A code burnt by wrong tries: it says so, and a new one is a tap away. */
function BurntCode({ session, kind }: { session: Session; kind: 'activation' | 'closure' }) {
  const move = useSessionMove();
  const reissue = () =>
    move.mutate(
      { id: session.id, move: 'reissue', kind },
      {
        onSuccess: () => toast({ title: 'Nuovo codice generato: il precedente non vale più.', variant: 'success' }),
        onError: (e) => toast({ title: errorText(e, 'Non è stato possibile generare un nuovo codice.'), variant: 'destructive' }),
      },
    );
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>Codice {kind === 'activation' ? 'di attivazione' : 'di chiusura'} bloccato</AlertTitle>
      Dopo {MAX_CODE_TRIES} tentativi sbagliati il codice non vale più. Se {session.collaboratorName} è con te, generane uno nuovo e daglielo.
      <Box sx={{ mt: 1.5 }}>
        <Button variant="contained" color="error" startIcon={<AutorenewIcon />} onClick={reissue} disabled={move.isPending}>
          {move.isPending ? 'Caricamento...' : 'Genera un nuovo codice'}
        </Button>
      </Box>
    </Alert>
  );
}

/** High security: the collaborator typed the code; the shopkeeper confirms from their own device that they are in the shop. */
function Confirm({ session }: { session: Session }) {
  const move = useSessionMove();
  const confirm = () =>
    move.mutate(
      { id: session.id, move: 'confirm' },
      {
        onSuccess: () => toast({ title: `Sessione confermata: ${session.collaboratorName} può lavorare per il negozio.`, variant: 'success' }),
        onError: (e) => toast({ title: errorText(e, 'Non è stato possibile confermare la sessione.'), variant: 'destructive' }),
      },
    );
  return (
    <Alert severity="warning" icon={<VerifiedUserIcon />} role="alert">
      <AlertTitle>Conferma la sessione</AlertTitle>
      {session.collaboratorName} ha inserito il codice{session.locationVerified ? ' ed è in negozio secondo la sua posizione' : ''}. Conferma solo se è davvero con te.
      <Box sx={{ mt: 1.5 }}>
        <Button variant="contained" size="large" color="warning" onClick={confirm} disabled={move.isPending} sx={{ minWidth: 200 }}>
          {move.isPending ? 'Caricamento...' : 'Conferma'}
        </Button>
      </Box>
    </Alert>
  );
}

/**
 * What the shopkeeper gives the collaborator, large enough to read from a phone: the activation
 * code while the session is ready, the closure code while it is active; a burnt code with the
 * way to a new one; the confirmation of a high-security session. Nothing for other states.
 */
export function SessionCodes({ session }: { session: Session }) {
  const name = session.collaboratorName;
  if (session.status === 'pending') {
    return (
      <Typography variant="body2" color="text.secondary">
        Il codice di attivazione compare qui {READY_BEFORE_MS / 60_000} minuti prima dell’inizio.
      </Typography>
    );
  }
  if (session.status === 'active' && session.awaitingConfirmation) return <Confirm session={session} />;
  const shown =
    session.status === 'ready'
      ? {
          kind: 'activation' as const,
          code: session.activationCode,
          burnt: session.activationCodeBurnt,
          label: 'Codice di attivazione',
          hint: `Dallo a ${name} in negozio: lo inserisce in «Attiva sessione» entro le ${formatTime(session.activationDeadline)}. Vale una volta sola.`,
        }
      : session.status === 'active'
        ? {
            kind: 'closure' as const,
            code: session.closureCode,
            burnt: session.closureCodeBurnt,
            label: 'Codice di chiusura',
            hint: `Dallo a ${name} alla fine del lavoro: con questo chiude la sessione. Senza chiusura finisce da sola alle ${formatTime(session.closeDeadline)}.`,
          }
        : null;
  if (!shown) return null;
  if (shown.burnt) return <BurntCode session={session} kind={shown.kind} />;
  if (!shown.code) return null;
  return <CodeBox label={shown.label} code={formatCode(shown.code)} monospace testId={`${shown.kind}-code`} hint={shown.hint} />;
}
