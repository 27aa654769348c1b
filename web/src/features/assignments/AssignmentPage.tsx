import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { assignmentOriginLabels } from '@pure/assignments/labels';
import { useAuth } from '../../app/auth';
import { CardGrid } from '../../components/CardGrid';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { Facts } from '../../components/Facts';
import { SectionCard } from '../../components/SectionCard';
import { Skeletons } from '../../components/Skeletons';
import { errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { formatRating } from '../../lib/text';
import { sessionPollMs, useSessions } from '../collaboration-sessions/api';
import { ScheduleSessionDialog } from '../collaboration-sessions/ScheduleSessionDialog';
import { SessionCard } from '../collaboration-sessions/SessionCard';
import { permissionsText } from '../collaboration-sessions/SessionParts';
import { useAssignment, type Assignment } from './api';
import { assignmentOpen } from './assignment-figures';
import { AssignmentChips, otherSide, paymentFacts, type AssignmentReader } from './AssignmentCard';
import { AssignmentMoves } from './AssignmentMoves';

const backLink = (
  <Button component={Link} to="/collaborator/assignments" startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1 }}>
    Tutti gli incarichi
  </Button>
);

/** When each step of the assignment happened. */
function datesOf(a: Assignment): [string, ReactNode][] {
  const steps: [string, string | null][] = [
    ['Affidato', a.assignedAt],
    ['Accettato', a.acceptedAt],
    ['Iniziato', a.startedAt],
    ['Completato', a.completedAt],
    ['Chiuso', a.status === 'completed' ? null : a.closedAt],
    ['Pagato', a.paidAt],
  ];
  return steps.flatMap(([label, at]) => (at ? [[label, formatDateTime(at)] as [string, ReactNode]] : []));
}

/** The assignment itself: what, for whom, what it pays, the dates, its problem and why it closed. */
function AssignmentFacts({ assignment: a, reader }: { assignment: Assignment; reader: AssignmentReader }) {
  return (
    <Card component="section" aria-label="Incarico">
      <CardContent sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)', p: { xs: 2, sm: 3 } }}>
        <AssignmentChips assignment={a} />
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{a.description}</Typography>
        {a.hasProblems && a.problemDescription && <Alert severity="error">Problema segnalato: {a.problemDescription}</Alert>}
        {a.rejectionReason && <Alert severity="warning">Rifiutato: {a.rejectionReason}</Alert>}
        {a.cancelReason && <Alert severity="warning">Annullato: {a.cancelReason}</Alert>}
        <Facts
          rows={[
            [reader === 'collaborator' ? 'Negozio' : 'Collaboratore', otherSide(a, reader)],
            ...(reader === 'collaborator' ? [['Negoziante', a.shopkeeperName] as [string, ReactNode]] : []),
            ['Origine', a.packageName ? `${assignmentOriginLabels[a.origin]}: ${a.packageName}` : assignmentOriginLabels[a.origin]],
            ...paymentFacts(a, reader),
            ...(reader === 'shopkeeper' && a.siteCommission > 0 ? [['Commissione del sito', formatMoney(a.siteCommission)] as [string, ReactNode]] : []),
            ...(a.dueDate ? [['Scadenza', formatDateTime(a.dueDate)] as [string, ReactNode]] : []),
            ['Permessi', permissionsText(a.permissions)],
            // Issue [14]: the published reviews of its sessions, each side's.
            ...(a.shopkeeperRating !== null
              ? [['Valutazione del negozio', `${formatRating(a.shopkeeperRating)}/5${a.shopkeeperReview ? ` · «${a.shopkeeperReview}»` : ''}`] as [string, ReactNode]]
              : []),
            ...(a.collaboratorRating !== null
              ? [['Valutazione del collaboratore', `${formatRating(a.collaboratorRating)}/5${a.collaboratorReview ? ` · «${a.collaboratorReview}»` : ''}`] as [string, ReactNode]]
              : []),
            ...datesOf(a),
          ]}
        />
        {reader === 'shopkeeper' && (
          <MuiLink component={Link} to={`/collaborators/${a.collaboratorId}`} sx={{ justifySelf: 'start' }}>
            Profilo e recensioni di {a.collaboratorName}
          </MuiLink>
        )}
        <AssignmentMoves assignment={a} reader={reader} />
        <ReportsLink assignment={a} />
      </CardContent>
    </Card>
  );
}

/** The reports on the assignment (issue [14]): «Segnala un problema» is among its moves; they are all in «Segnalazioni». */
function ReportsLink({ assignment: a }: { assignment: Assignment }) {
  if (!a.hasProblems) return null;
  return (
    <Box>
      <Button component={Link} to="/collaborator/reports" color="warning" size="small" startIcon={<ReportIcon />}>
        Le mie segnalazioni
      </Button>
    </Box>
  );
}

/** The assignment's sessions, active and next first; the shopkeeper schedules more while it is under way. */
function Sessions({ assignment: a, reader }: { assignment: Assignment; reader: AssignmentReader }) {
  const sessions = useSessions({ assignmentId: a.id }, { poll: sessionPollMs });
  const [scheduling, setScheduling] = useState(false);
  const canSchedule = reader === 'shopkeeper' && (a.status === 'accepted' || a.status === 'in_progress');
  const list = sessions.data ?? [];
  // Issue [19]: nothing is set for the shopkeeper; the first session is theirs to program, as agreed with the collaborator.
  const first = canSchedule && sessions.isSuccess && list.length === 0;
  return (
    <SectionCard title="Sessioni di lavoro" icon={<EventIcon />}>
      {first ? (
        <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
          {`Nessuna sessione è ancora fissata: scegli tu il giorno e l’ora, d’accordo con ${a.collaboratorName}.`}
          {a.collaboratorAvailability ? ` Disponibilità indicata: «${a.collaboratorAvailability}».` : ''}
          <Box sx={{ mt: 1.5 }}>
            <Button variant="contained" onClick={() => setScheduling(true)}>
              Programma la prima sessione
            </Button>
          </Box>
        </Alert>
      ) : (
        canSchedule && (
          <Box>
            <Button variant="contained" onClick={() => setScheduling(true)}>
              Programma una sessione
            </Button>
          </Box>
        )
      )}
      {sessions.isPending ? (
        <Skeletons label="Caricamento delle sessioni" heights={[140]} gap={2} />
      ) : sessions.isError ? (
        <Alert severity="error">{errorText(sessions.error, 'Impossibile caricare le sessioni.')}</Alert>
      ) : first ? null : list.length === 0 ? (
        <Typography color="text.secondary">
          {reader === 'shopkeeper'
            ? assignmentOpen(a)
              ? 'Nessuna sessione ancora: programmane una quando il collaboratore ha accettato.'
              : 'Nessuna sessione.'
            : assignmentOpen(a)
              ? 'Nessuna sessione ancora: il negozio la programma e la vedi qui, con il giorno, l’ora e il luogo.'
              : 'Nessuna sessione.'}
        </Typography>
      ) : (
        <CardGrid min={340}>
          {list.map((s) => (
            <SessionCard key={s.id} session={s} reader={reader} withAi={a.permissions.includes('ai')} />
          ))}
        </CardGrid>
      )}
      {scheduling && (
        <ScheduleSessionDialog
          of={{ assignmentId: a.id }}
          collaboratorName={a.collaboratorName}
          withAi={a.permissions.includes('ai')}
          planning={{ availability: a.collaboratorAvailability, minutes: a.estimatedMinutes, credits: list.length === 0 ? a.packageCredits : null }}
          onClose={() => setScheduling(false)}
        />
      )}
    </SectionCard>
  );
}

/** /collaborator/assignments/:id — one assignment for either side: its facts and moves, then its sessions (with the shopkeeper's codes). */
export default function AssignmentPage() {
  const { id } = useParams();
  const { user } = useAuth();
  const reader: AssignmentReader = user?.role === 'shopkeeper' ? 'shopkeeper' : 'collaborator';
  const assignment = useAssignment(id);

  if (assignment.isPending)
    return (
      <>
        {backLink}
        <Skeletons label="Caricamento dell’incarico" heights={[64, 240, 160]} gap={2} />
      </>
    );
  if (assignment.isError || !assignment.data) {
    return (
      <>
        {backLink}
        <EmptyState
          icon={<AssignmentIcon />}
          title={assignment.isError ? 'Non riusciamo a mostrare l’incarico' : 'Incarico non trovato'}
          text={assignment.isError ? errorText(assignment.error, 'Riprova tra poco.') : 'L’incarico non esiste o non è tuo.'}
        />
      </>
    );
  }
  const a = assignment.data;
  return (
    <>
      {backLink}
      <DashboardHeader title={`Incarico ${reader === 'collaborator' ? 'di' : 'a'} ${otherSide(a, reader)}`} subtitle={`Affidato il ${formatDateTime(a.assignedAt)}`} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <AssignmentFacts assignment={a} reader={reader} />
        <Sessions assignment={a} reader={reader} />
      </Box>
    </>
  );
}
