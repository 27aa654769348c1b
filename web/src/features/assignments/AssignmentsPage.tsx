import AddIcon from '@mui/icons-material/Add';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import { Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { CardGrid } from '../../components/CardGrid';
import { CountTabs } from '../../components/CountTabs';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { QueryView } from '../../components/QueryView';
import { SectionCard } from '../../components/SectionCard';
import { Skeletons } from '../../components/Skeletons';
import { useTabCounts } from '../../components/useTabCounts';
import { useRequests } from '../collaboration-requests/api';
import { unlessNoProfile } from '../collaborators/no-profile';
import { sessionPollMs, useSessions, useStoreAccesses } from '../collaboration-sessions/api';
import { SessionCard } from '../collaboration-sessions/SessionCard';
import { NewStoreAccessDialog, RedeemAccessCard, StoreAccessCard } from '../collaboration-sessions/StoreAccess';
import { useAssignments } from './api';
import { assignmentTab, nextSession, workedWith, type AssignmentTab } from './assignment-figures';
import { AssignmentCard, type AssignmentReader } from './AssignmentCard';
import { NewAssignmentDialog } from './NewAssignmentDialog';

const tabs: { value: AssignmentTab; label: string }[] = [
  { value: 'open', label: 'Da rispondere' },
  { value: 'current', label: 'In corso' },
  { value: 'closed', label: 'Chiusi' },
];

const emptyTexts: Record<AssignmentReader, Record<AssignmentTab, string>> = {
  collaborator: {
    open: 'Quando un negozio ti affida un incarico, compare qui: accettalo o rifiutalo.',
    current: 'Gli incarichi accettati compaiono qui, con le sessioni che il negozio programma.',
    closed: 'Gli incarichi completati, annullati o rifiutati compaiono qui.',
  },
  shopkeeper: {
    open: 'Gli incarichi che aspettano la risposta del collaboratore compaiono qui.',
    current: 'Gli incarichi accettati compaiono qui: programma le sessioni di lavoro.',
    closed: 'Gli incarichi completati, annullati o rifiutati compaiono qui.',
  },
};

/** The assignments by state, as cards. */
function AssignmentList({ reader }: { reader: AssignmentReader }) {
  const assignments = useAssignments();
  const { tab, setTab, counts, shown } = useTabCounts(assignments.data ?? [], tabs, assignmentTab, reader === 'collaborator' ? 'open' : 'current');
  return (
    <Box component="section" aria-labelledby="assignments-title" sx={{ minWidth: 0 }}>
      <Typography id="assignments-title" variant="h5" component="h2" sx={{ mb: 1.5, fontWeight: 700 }}>
        {reader === 'collaborator' ? 'I tuoi incarichi' : 'Incarichi del negozio'}
      </Typography>
      <CountTabs tabs={tabs} value={tab} counts={counts} urgent={reader === 'collaborator' ? 'open' : 'current'} onChange={setTab} />
      <QueryView
        query={assignments}
        loading={<Skeletons label="Caricamento degli incarichi" heights={[180]} gap={2} />}
        fallback="Impossibile caricare gli incarichi. Riprova più tardi."
        failed={reader === 'collaborator' ? unlessNoProfile('Completa il profilo da collaboratore: dopo l’approvazione i negozi possono affidarti incarichi.') : undefined}
        empty={shown.length === 0 && <EmptyState icon={<AssignmentIcon />} title="Nessun incarico qui" text={emptyTexts[reader][tab]} />}
      >
        <CardGrid>
          {shown.map((a) => (
            <AssignmentCard key={a.id} assignment={a} reader={reader} />
          ))}
        </CardGrid>
      </QueryView>
    </Box>
  );
}

/** The collaborator's session to look out for: the active one, or the next. */
function NextSession() {
  const sessions = useSessions({ statuses: ['pending', 'ready', 'active'] }, { poll: sessionPollMs });
  const next = nextSession(sessions.data ?? []);
  if (!next) return null;
  return (
    <SectionCard title={next.status === 'active' ? 'Sessione in corso' : 'La tua prossima sessione'} icon={<EventIcon />}>
      <SessionCard session={next} reader="collaborator" title={next.storeName} />
    </SectionCard>
  );
}

/** The shop's sessions not over yet, with the codes to give: the first thing a shopkeeper looks for here. */
function OpenSessions() {
  const sessions = useSessions({ statuses: ['pending', 'ready', 'active'] }, { poll: sessionPollMs });
  const open = sessions.data ?? [];
  if (!open.length) return null;
  return (
    <SectionCard title="Sessioni in programma e in corso" icon={<EventIcon />}>
      <Typography color="text.secondary">Quando il collaboratore arriva, dagli il codice di attivazione; alla fine, quello di chiusura.</Typography>
      <CardGrid min={340}>
        {open.map((s) => (
          <SessionCard key={s.id} session={s} reader="shopkeeper" title={s.collaboratorName} withAi={s.permissions.includes('ai')} />
        ))}
      </CardGrid>
    </SectionCard>
  );
}

/** The standing accesses: the collaborator redeems codes here, the shopkeeper gives and ends them. */
function StandingAccesses({ reader }: { reader: AssignmentReader }) {
  const accesses = useStoreAccesses();
  const list = accesses.data ?? [];
  if (reader === 'shopkeeper' && !list.length) return null;
  return (
    <Box component="section" aria-labelledby="accesses-title" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id="accesses-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Accessi permanenti
      </Typography>
      {reader === 'collaborator' && <RedeemAccessCard />}
      {list.length > 0 && (
        <CardGrid>
          {list.map((a) => (
            <StoreAccessCard key={a.id} access={a} reader={reader} />
          ))}
        </CardGrid>
      )}
    </Box>
  );
}

/** The shopkeeper's buttons: a direct assignment or a standing access, for a collaborator the shop already worked with. */
function ShopkeeperActions() {
  const assignments = useAssignments();
  const requests = useRequests();
  const [dialog, setDialog] = useState<'assignment' | 'access' | null>(null);
  const people = workedWith(assignments.data ?? [], requests.data ?? []);
  const none = !assignments.isPending && !requests.isPending && people.length === 0;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('assignment')} disabled={none}>
        Nuovo incarico
      </Button>
      <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setDialog('access')} disabled={none}>
        Nuovo accesso
      </Button>
      {none && (
        <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
          Incarichi diretti e accessi sono per i collaboratori con cui hai già lavorato: inizia da{' '}
          <MuiLink component={RouterLink} to="/shopkeeper/collaborations">
            Collaborazioni
          </MuiLink>
          .
        </Typography>
      )}
      {dialog === 'assignment' && <NewAssignmentDialog collaborators={people} onClose={() => setDialog(null)} />}
      {dialog === 'access' && <NewStoreAccessDialog collaborators={people} onClose={() => setDialog(null)} />}
    </Box>
  );
}

/**
 * /collaborator/assignments — one page for both sides (spec §6): the collaborator's assignments
 * to answer and under way, their next session and their standing accesses (with the code to
 * redeem); the shop's assignments, its sessions with the codes to give, and its standing accesses,
 * with new direct assignments and accesses. Live: the notifications' stream reads them again.
 */
export default function AssignmentsPage() {
  const { user } = useAuth();
  const reader: AssignmentReader = user?.role === 'shopkeeper' ? 'shopkeeper' : 'collaborator';
  return (
    <>
      <DashboardHeader
        title="Incarichi"
        subtitle={reader === 'collaborator' ? 'Il lavoro che i negozi ti affidano, le sessioni e i compensi.' : 'Il lavoro affidato ai collaboratori, le sessioni e i loro codici.'}
        aside={reader === 'shopkeeper' ? <ShopkeeperActions /> : undefined}
      />
      {/* One column that never grows past the screen: the tabs' scroller inside would widen an auto track. */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {reader === 'collaborator' ? <NextSession /> : <OpenSessions />}
        <AssignmentList reader={reader} />
        <StandingAccesses reader={reader} />
      </Box>
    </>
  );
}
