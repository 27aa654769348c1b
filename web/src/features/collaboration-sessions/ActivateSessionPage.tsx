import EventIcon from '@mui/icons-material/EventOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import { distanceKm } from '@platform/domain/format';
import { LOCATION_RADIUS_M } from '@pure/collaboration-sessions/labels';
import { CardGrid } from '../../components/CardGrid';
import { DashboardHeader } from '../../components/DashboardHeader';
import { LinkAlert } from '../../components/LinkAlert';
import { SectionCard } from '../../components/SectionCard';
import { Skeletons } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { sessionPollMs, useActivateSession, useCurrentSession, useSessions, type Session } from './api';
import { CodeField, useCodeForm } from './CodeField';
import { SessionCard } from './SessionCard';
import { distanceWords } from './session-figures';
import { useSessionPosition, type SessionPosition } from './useSessionPosition';

/**
 * How far the position is from the nearest shop waiting for the collaborator, and whether it is
 * close enough; `quietWhenFar` when the form's own error already says how far it is (said once).
 */
function Nearness({ position, sessions, quietWhenFar }: { position: SessionPosition; sessions: Session[]; quietWhenFar: boolean }) {
  const nearest = sessions.map((s) => ({ s, km: distanceKm(position, { latitude: s.storeLatitude, longitude: s.storeLongitude }) })).sort((a, b) => a.km - b.km)[0];
  const precision = `precisione ± ${Math.round(position.accuracy)} m`;
  if (!nearest) return <Alert severity="success">Posizione rilevata ({precision}).</Alert>;
  const near = nearest.km * 1000 <= LOCATION_RADIUS_M;
  if (!near && quietWhenFar) return null;
  return (
    <Alert severity={near ? 'success' : 'warning'}>
      Sei {distanceWords(nearest.km)} da {nearest.s.storeName} ({precision}).
      {near ? '' : ` Per attivare devi essere entro ${LOCATION_RADIUS_M} m dal negozio.`}
    </Alert>
  );
}

/** Why and how the position is asked, with its state. */
function PositionStep({ sessions, located, formError }: { sessions: Session[]; located: ReturnType<typeof useSessionPosition>; formError: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography color="text.secondary">
        Per le sessioni con sicurezza standard o alta il negozio chiede di verificare che tu sia lì: al momento dell’attivazione usiamo la posizione del browser per controllare che
        tu sia entro {LOCATION_RADIUS_M} m dal negozio. Il browser ti chiede il permesso.
      </Typography>
      {located.position && <Nearness position={located.position} sessions={sessions} quietWhenFar={formError} />}
      {located.problem && (
        <Alert severity="error" role="alert">
          {located.problem}
        </Alert>
      )}
      <Button variant="outlined" startIcon={<MyLocationIcon />} onClick={() => void located.locate()} disabled={located.locating} sx={{ justifySelf: 'start' }}>
        {located.locating ? 'Rilevando...' : located.position ? 'Rileva di nuovo' : 'Rileva la mia posizione'}
      </Button>
    </Box>
  );
}

/** The code form: the code typed as ABCD-2345, the position when a waiting session needs it, then the workspace. */
function ActivateForm({ sessions }: { sessions: Session[] }) {
  const navigate = useNavigate();
  const activate = useActivateSession();
  const located = useSessionPosition();
  // The code names the session: the page asks the position when any session waiting for a code needs it.
  const needsPosition = sessions.some((s) => s.securityLevel !== 'basic');
  const form = useCodeForm('code', 'Non è stato possibile attivare la sessione. Riprova.', '8 caratteri, ad esempio ABCD-2345.', async (code) => {
    // Read afresh at each try: the collaborator may have walked into the shop since the last one.
    const position = needsPosition ? await located.locate() : null;
    if (needsPosition && !position) return;
    const session = await activate.mutateAsync({ code, ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}) });
    toast(
      session.awaitingConfirmation
        ? { title: `Codice giusto: in attesa della conferma del negoziante di ${session.storeName}.` }
        : { title: `Sessione attiva presso ${session.storeName}.`, variant: 'success' },
    );
    void navigate('/collaborator/session');
  });
  return (
    <SectionCard title="Inserisci il codice" icon={<KeyIcon />}>
      <Typography color="text.secondary">
        Il negoziante vede il codice di attivazione sul suo telefono quando la sessione è pronta: scrivilo qui, con o senza il trattino.
      </Typography>
      <Box component="form" noValidate onSubmit={(e) => void form.submit(e)} sx={{ display: 'grid', gap: 2 }} aria-label="Attiva la sessione">
        <CodeField label="Codice di attivazione" {...form.field} autoFocus />
        {needsPosition && <PositionStep sessions={sessions} located={located} formError={!!form.formError} />}
        {form.formError && (
          <Alert severity="error" role="alert">
            {form.formError}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={activate.isPending || located.locating}>
          {activate.isPending ? 'Caricamento...' : located.locating ? 'Rilevando la posizione...' : 'Attiva la sessione'}
        </Button>
      </Box>
    </SectionCard>
  );
}

/**
 * /collaborator/activate-session (collaborators only, spec §6) — the sessions waiting for a code
 * (the shop, when, where, the security level), the code typed as ABCD-2345 and, for standard and
 * high security, the browser's position; then the session's workspace.
 */
export default function ActivateSessionPage() {
  const current = useCurrentSession();
  const waiting = useSessions({ statuses: ['ready', 'pending'] }, { poll: sessionPollMs });
  const sessions = waiting.data ?? [];
  const ready = sessions.filter((s) => s.status === 'ready');
  return (
    <>
      <DashboardHeader title="Attiva sessione" subtitle="Inizia a lavorare per il negozio con il codice che ti dà il negoziante." />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {current.data && (
          <LinkAlert severity="success" to="/collaborator/session" label="Vai alla sessione">
            Hai una sessione attiva presso {current.data.storeName}.
          </LinkAlert>
        )}
        <ActivateForm sessions={ready.length ? ready : sessions} />
        <SectionCard title="Sessioni in attesa del codice" icon={<EventIcon />}>
          {waiting.isPending ? (
            <Skeletons label="Caricamento delle sessioni" heights={[140]} gap={2} />
          ) : sessions.length === 0 ? (
            <Typography color="text.secondary">
              Nessuna sessione programmata. Quando un negozio ne programma una per un tuo incarico o accesso, la vedi qui e in{' '}
              <MuiLink component={Link} to="/collaborator/assignments">
                Incarichi
              </MuiLink>
              .
            </Typography>
          ) : (
            <CardGrid min={300}>
              {sessions.map((s) => (
                <SessionCard key={s.id} session={s} reader="collaborator" title={s.storeName} moves={false} />
              ))}
            </CardGrid>
          )}
        </SectionCard>
      </Box>
    </>
  );
}
