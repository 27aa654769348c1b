import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  assignmentOriginLabels,
  assignmentPaymentStatusLabels,
  assignmentStatusLabels,
  payoutStatusLabels,
  priorityLabels,
  shopPaymentStatusLabels,
} from '@pure/assignments/labels';
import { Facts } from '../../components/Facts';
import { permissionsText } from '../collaboration-sessions/SessionParts';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import type { Assignment } from './api';
import { assignmentStatusColors, firstSessionToProgram, priorityColors } from './assignment-figures';
import { clampLines } from '../../app/theme';

export type AssignmentReader = 'shopkeeper' | 'collaborator';

/** "2 in programma, 1 attiva, 3 completate". */
function sessionsText({ total, open, active, completed }: Assignment['sessions']): string {
  if (total === 0) return 'Nessuna';
  const parts = [open && `${open} in programma`, active && `${active} attiva`, completed && `${completed} ${completed === 1 ? 'completata' : 'completate'}`].filter(Boolean);
  return parts.length ? parts.join(', ') : `${total} chiuse`;
}

/** What an assignment pays, as each side reads it: the collaborator what they earn, the shop what it pays and what goes to the collaborator. */
export function paymentFacts(a: Assignment, reader: AssignmentReader): [string, ReactNode][] {
  const rows: [string, ReactNode][] =
    reader === 'collaborator'
      ? [['Compenso', formatMoney(a.compensation)]]
      : [
          ['Importo', formatMoney(a.paymentAmount)],
          ['Al collaboratore', formatMoney(a.compensation)],
        ];
  if (a.creditsEarned > 0) rows.push(['Crediti AI', `${a.creditsEarned} al completamento`]);
  if (reader === 'shopkeeper' && a.shopPayment !== null) {
    // From a package: what the shop paid (the package), then the platform's payout to the collaborator.
    rows.push(['Pacchetto', <span data-testid="package-payment">{shopPaymentStatusLabels[a.shopPayment]}</span>]);
    rows.push(['Compenso al collaboratore', payoutStatusLabels[a.paymentStatus]]);
  } else rows.push(['Pagamento', assignmentPaymentStatusLabels[a.paymentStatus]]);
  return rows;
}

/** An assignment's state, priority, origin and problem as chips. */
export function AssignmentChips({ assignment: a }: { assignment: Assignment }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip size="small" color={assignmentStatusColors[a.status]} label={assignmentStatusLabels[a.status]} />
      <Chip size="small" variant="outlined" color={priorityColors[a.priority]} label={`Priorità ${priorityLabels[a.priority].toLowerCase()}`} />
      <Chip size="small" variant="outlined" label={assignmentOriginLabels[a.origin]} />
      {a.hasProblems && <Chip size="small" color="error" icon={<ReportProblemIcon />} label="Problema segnalato" />}
    </Box>
  );
}

export const assignmentPath = (id: string) => `/collaborator/assignments/${id}`;

/** The other side of an assignment: the shop for its collaborator, the collaborator for the shop. */
export const otherSide = (a: Assignment, reader: AssignmentReader) => (reader === 'collaborator' ? a.storeName : a.collaboratorName);

/** An assignment on the list: who, what, what it pays, its sessions, and the way to its page. */
export function AssignmentCard({ assignment: a, reader }: { assignment: Assignment; reader: AssignmentReader }) {
  const answer = a.status === 'pending' && reader === 'collaborator';
  const toProgram = reader === 'shopkeeper' && firstSessionToProgram(a);
  return (
    <Card
      component="article"
      aria-label={`Incarico ${reader === 'collaborator' ? 'di' : 'a'} ${otherSide(a, reader)}`}
      sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)', flex: 1 }}>
        <AssignmentChips assignment={a} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {otherSide(a, reader)}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere', ...clampLines(3) }}>{a.description}</Typography>
        <Facts
          rows={[
            ...paymentFacts(a, reader),
            ...(a.dueDate ? [['Scadenza', formatDateTime(a.dueDate)] as [string, ReactNode]] : []),
            ['Permessi', permissionsText(a.permissions)],
            ['Sessioni', sessionsText(a.sessions)],
          ]}
        />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        <Button component={Link} to={assignmentPath(a.id)} variant={answer || toProgram ? 'contained' : 'outlined'}>
          {answer ? 'Rispondi' : toProgram ? 'Programma la prima sessione' : 'Apri l’incarico'}
        </Button>
      </CardActions>
    </Card>
  );
}
