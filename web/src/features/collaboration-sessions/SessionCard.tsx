import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Card, CardActions, CardContent, Collapse, Link as MuiLink, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { securityLevelLabels, sessionExpiredReasonLabels } from '@pure/collaboration-sessions/labels';
import { ReasonDialog } from '../../components/ReasonDialog';
import { formatDateTime, formatTimeRange } from '../../lib/dates';
import { notYetActive, useSessionMove, type Session } from './api';
import { ScheduleSessionDialog } from './ScheduleSessionDialog';
import { SessionCodes } from './SessionCodes';
import { Facts } from '../../components/Facts';
import { mapsUrl, SessionChips } from './SessionParts';
import { SessionStoryOf } from './SessionStory';
import { LeaveReview } from '../reviews/ReviewParts';

export type SessionReader = 'shopkeeper' | 'collaborator';

/** What the reader needs to know of a session beyond its times, by its state. */
function factsOf(s: Session, reader: SessionReader): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [['Quando', formatTimeRange(s.scheduledStartAt, s.scheduledEndAt)]];
  if (reader === 'collaborator')
    rows.push([
      'Dove',
      <MuiLink key="map" href={mapsUrl(s.storeLatitude, s.storeLongitude)} target="_blank" rel="noopener noreferrer">
        {s.storeAddress}
      </MuiLink>,
    ]);
  if (s.status === 'pending') rows.push(['Pronta dal', formatDateTime(s.readyAt)]);
  if (notYetActive(s)) rows.push(['Da attivare entro', formatDateTime(s.activationDeadline)]);
  if (notYetActive(s) && reader === 'collaborator') rows.push(['Per attivarla', securityLevelLabels[s.securityLevel].split(': ')[1] ?? '']);
  if (s.startedAt) rows.push(['Attivata', formatDateTime(s.startedAt)]);
  if (s.status === 'active') rows.push(['Termina da sola', formatDateTime(s.closeDeadline)]);
  if (s.actualEndAt) rows.push(['Finita', formatDateTime(s.actualEndAt)]);
  if (s.status === 'active' && reader === 'shopkeeper' && s.securityLevel !== 'basic') rows.push(['Posizione', s.locationVerified ? 'Verificata in negozio' : 'Non verificata']);
  if (s.aiCreditsAllocated > 0) rows.push(['Crediti AI', `${s.aiCreditsUsed} usati su ${s.aiCreditsAllocated}`]);
  if (s.actionsCount > 0) rows.push(['Azioni svolte', String(s.actionsCount)]);
  if (s.revokeReason) rows.push(['Motivo della revoca', s.revokeReason]);
  if (s.cancelReason) rows.push(['Motivo dell’annullamento', s.cancelReason]);
  if (s.status === 'expired' && s.expiredReason) rows.push(['Scaduta', sessionExpiredReasonLabels[s.expiredReason]]);
  return rows;
}

type Dialog = 'reschedule' | 'cancel' | 'revoke' | null;

/** The words of the shopkeeper's two ways to stop a session: cancel it before activation (a reason if they like), revoke it while active (a reason). */
const stopWords = (s: Session) => ({
  cancel: {
    title: 'Annullare la sessione?',
    text: `${s.collaboratorName} riceve l’avviso; il codice di attivazione non vale più.`,
    label: 'Motivo (facoltativo)',
    optional: true,
    submitLabel: 'Annulla la sessione',
    danger: true,
    done: 'Sessione annullata.',
    fallback: 'Non è stato possibile annullare la sessione.',
  },
  revoke: {
    title: 'Revocare la sessione?',
    text: `${s.collaboratorName} non potrà più agire per il negozio dalla sua prossima richiesta. Il motivo resta nella cronologia.`,
    label: 'Motivo',
    submitLabel: 'Revoca',
    danger: true,
    done: 'Sessione revocata.',
    fallback: 'Non è stato possibile revocare la sessione.',
  },
});

/** The shopkeeper's moves on a session: move or cancel it before activation, revoke it while active. */
function ShopkeeperMoves({ session, onOpen }: { session: Session; onOpen: (d: Dialog) => void }) {
  if (notYetActive(session)) {
    return (
      <>
        <Button onClick={() => onOpen('reschedule')}>Sposta</Button>
        <Button color="error" onClick={() => onOpen('cancel')}>
          Annulla la sessione
        </Button>
      </>
    );
  }
  if (session.status === 'active')
    return (
      <Button color="error" variant="outlined" onClick={() => onOpen('revoke')}>
        Revoca
      </Button>
    );
  return null;
}

/** The collaborator's way on: to the activation while it waits for the code, to the workspace while it is active. */
function CollaboratorMoves({ session }: { session: Session }) {
  if (session.status === 'ready')
    return (
      <Button component={Link} to="/collaborator/activate-session" variant="contained">
        Attiva la sessione
      </Button>
    );
  if (session.status === 'active')
    return (
      <Button component={Link} to="/collaborator/session" variant="contained">
        Vai alla sessione
      </Button>
    );
  return null;
}

/**
 * A session as its shopkeeper or its collaborator reads it: state, times, where (for the
 * collaborator), the codes (for the shopkeeper), the moves of each, and on demand its timeline and
 * the actions done for the shop. `title` names the other side or the shop (none on the page of their
 * assignment, which names them); `moves` false where the
 * page itself is the way on (the activation page).
 */
export function SessionCard({
  session,
  reader,
  title,
  withAi = false,
  moves = true,
}: {
  session: Session;
  reader: SessionReader;
  title?: ReactNode;
  withAi?: boolean;
  moves?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const move = useSessionMove();
  const close = () => setDialog(null);
  return (
    <Card variant="outlined" component="article" aria-label={`Sessione del ${formatDateTime(session.scheduledStartAt)}`} sx={{ borderRadius: 3, minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <SessionChips status={session.status} securityLevel={session.securityLevel} awaitingConfirmation={session.awaitingConfirmation} />
        {title && (
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        )}
        <Facts rows={factsOf(session, reader)} />
        {reader === 'shopkeeper' && <SessionCodes session={session} />}
        {moves && session.status === 'completed' && <LeaveReview subjectType="session" subjectId={session.id} />}
        {reader === 'collaborator' && session.status === 'active' && session.awaitingConfirmation && (
          <Typography color="warning.dark" sx={{ fontWeight: 600 }}>
            In attesa della conferma del negoziante.
          </Typography>
        )}
        <Collapse in={open} unmountOnExit>
          <Box sx={{ pt: 1 }}>
            <SessionStoryOf id={session.id} />
          </Box>
        </Collapse>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>
        {moves && (reader === 'shopkeeper' ? <ShopkeeperMoves session={session} onOpen={setDialog} /> : <CollaboratorMoves session={session} />)}
        {/* A complaint on a session (issue [14]) starts from the assignment's one «Segnala un problema», which asks what happened (assignments/ProblemDialog). */}
        <Button color="inherit" onClick={() => setOpen((o) => !o)} endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={open} sx={{ ml: 'auto !important' }}>
          {open ? 'Nascondi la cronologia' : 'Cronologia e azioni'}
        </Button>
      </CardActions>
      {dialog === 'reschedule' && <ScheduleSessionDialog session={session} collaboratorName={session.collaboratorName} withAi={withAi} onClose={close} />}
      {(dialog === 'cancel' || dialog === 'revoke') && (
        <ReasonDialog
          {...stopWords(session)[dialog]}
          id={`${dialog}-session-title`}
          send={(reason) => move.mutateAsync(dialog === 'revoke' ? { id: session.id, move: dialog, reason } : { id: session.id, move: dialog, ...(reason ? { reason } : {}) })}
          onClose={close}
        />
      )}
    </Card>
  );
}
