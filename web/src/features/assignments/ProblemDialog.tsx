import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../app/auth';
import { FormDialog } from '../../components/FormDialog';
import { formatDateTime } from '../../lib/dates';
import { useSessions, type Session } from '../collaboration-sessions/api';
import { NewCaseDialog } from '../complaints/NewCaseDialog';
import { casePath } from '../complaints/paths';
import { ReportDialog } from '../reports/ReportDialog';
import type { Assignment } from './api';
import type { AssignmentReader } from './AssignmentCard';

/** A session as the choice names it: "La sessione del 12/03/2027 14:00 con Sara Bruni". */
const sessionWords = (s: Session, reader: AssignmentReader) =>
  `del ${formatDateTime(s.scheduledStartAt)} ${reader === 'shopkeeper' ? `con ${s.collaboratorName}` : `presso ${s.storeName}`}`;

/**
 * «Segnala un problema», the assignment's one entry for what went wrong: it asks what happened
 * first. The assignment as a whole (agreements, payment, communication) is a report the admins
 * answer; something in a session that has started (its work, a behaviour, the codes) is a
 * complaint on that session, which may end with a compensation.
 */
export function ProblemDialog({ assignment: a, reader, onClose }: { assignment: Assignment; reader: AssignmentReader; onClose: () => void }) {
  const { user } = useAuth();
  const sessions = useSessions({ assignmentId: a.id });
  const started = (sessions.data ?? []).filter((s) => s.startedAt);
  const [choice, setChoice] = useState('assignment');
  const [chosen, setChosen] = useState<string | null>(null);
  if (chosen === 'assignment') return <ReportDialog assignmentId={a.id} onClose={onClose} />;
  const session = started.find((s) => s.id === chosen);
  if (session) {
    return (
      <NewCaseDialog subject={{ kind: 'complaint', sessionId: session.id, about: sessionWords(session, reader) }} casePath={(id) => casePath(user?.role, id)} onClose={onClose} />
    );
  }
  return (
    <FormDialog
      id="problem-title"
      title="Segnala un problema"
      text="Cosa è successo? Scegli di cosa si tratta: il modulo giusto viene dopo."
      error={null}
      maxWidth="sm"
      submit={{
        label: 'Continua',
        busy: false,
        onSubmit: (e) => {
          e.preventDefault();
          setChosen(choice);
        },
      }}
      onClose={onClose}
    >
      <RadioGroup
        aria-label="Di cosa si tratta"
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        sx={{ gap: 1.5, '& .MuiFormControlLabel-root': { alignItems: 'flex-start' }, '& .MuiRadio-root': { pt: 0.25 } }}
      >
        <FormControlLabel value="assignment" control={<Radio />} label="L’incarico in generale: accordi, pagamento, comunicazione (una segnalazione all’amministrazione)" />
        {started.map((s) => (
          <FormControlLabel
            key={s.id}
            value={s.id}
            control={<Radio />}
            label={`La sessione ${sessionWords(s, reader)}: il lavoro, un comportamento, i codici (un reclamo, che può chiudersi con un indennizzo)`}
          />
        ))}
      </RadioGroup>
    </FormDialog>
  );
}
