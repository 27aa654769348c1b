import { Alert, FormControl, FormControlLabel, FormGroup, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useState } from 'react';
import { securityLevelLabels, securityLevels, type SecurityLevel } from '@pure/collaboration-sessions/labels';
import { useFieldsForm } from '../../components/FormDialog';
import { WideFormDialog } from '../../components/WideFormDialog';
import { toast } from '../../components/toast/toast-store';
import { romeDateTime } from '../../lib/dates';
import { useRescheduleSession, useScheduleSession, type Session } from './api';
import { durationWords, proposedSessionTimes, sessionTimes, type SessionTimesInput } from './session-figures';
import { CreditsField, creditsOf } from './SessionParts';

/** A session's times as the form holds them. */
const timesOf = (s: Session): SessionTimesInput => {
  const from = romeDateTime(new Date(s.scheduledStartAt));
  return { date: from.date, start: from.time, end: romeDateTime(new Date(s.scheduledEndAt)).time };
};

/** What the shopkeeper knows of the work before choosing its times (the first session of an assignment). */
export interface SessionPlanning {
  /** When the collaborator says they are free, in their words; null when they said nothing. */
  availability: string | null;
  /** How long the request said the work takes, in minutes: the length proposed. */
  minutes: number | null;
  /** The package's AI credits: what the session proposes to carry. */
  credits: number | null;
}

/**
 * The shopkeeper schedules a session of an assignment or a standing access (`of`), or moves one
 * not yet activated (`session`): the day and times on Rome's clock, the security level and the
 * AI credits it carries (only when the collaborator may use the AI functions: `withAi`). With
 * `planning`, the collaborator's availability is shown and the request's length and the
 * package's credits are proposed.
 */
export function ScheduleSessionDialog({
  of,
  session,
  collaboratorName,
  withAi,
  planning,
  onClose,
}: {
  of?: { assignmentId: string } | { accessId: string };
  session?: Session;
  collaboratorName: string;
  withAi: boolean;
  planning?: SessionPlanning;
  onClose: () => void;
}) {
  const schedule = useScheduleSession();
  const reschedule = useRescheduleSession();
  const [times, setTimes] = useState<SessionTimesInput>(() =>
    session ? timesOf(session) : proposedSessionTimes(new Date(), planning?.minutes ? planning.minutes * 60_000 : undefined),
  );
  const [securityLevel, setLevel] = useState<SecurityLevel>('standard');
  const [credits, setCredits] = useState(String(planning?.credits ?? 0));
  const form = useFieldsForm(session ? 'Non è stato possibile spostare la sessione.' : 'Non è stato possibile programmare la sessione.');
  const { errors } = form;
  const when = sessionTimes(times);
  const typed = creditsOf(withAi ? credits : '0');

  const submit = form.submit(
    () => ({ scheduledStartAt: 'problem' in when ? when.problem : undefined, aiCredits: 'problem' in typed ? typed.problem : undefined }),
    async () => {
      if ('problem' in when || 'problem' in typed) return;
      if (session) await reschedule.mutateAsync({ id: session.id, ...when });
      else await schedule.mutateAsync({ ...of, ...when, securityLevel, aiCredits: typed.credits });
      toast({
        title: session ? 'Sessione spostata.' : `Sessione programmata con ${collaboratorName}.`,
        description: 'Il codice di attivazione compare qui mezz’ora prima dell’inizio.',
        variant: 'success',
      });
      onClose();
    },
  );

  const timeField = (name: 'start' | 'end', label: string) => (
    <TextField
      label={label}
      type="time"
      value={times[name]}
      onChange={(e) => setTimes((t) => ({ ...t, [name]: e.target.value }))}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: '1 1 110px' }}
    />
  );

  return (
    <WideFormDialog
      id="schedule-session-title"
      title={session ? 'Sposta la sessione' : `Programma una sessione con ${collaboratorName}`}
      text="Giorno e ora di Roma. Se l’ora di fine è prima di quella di inizio, la sessione finisce il giorno dopo."
      error={form.formError}
      submit={{ label: session ? 'Sposta' : 'Programma', busy: schedule.isPending || reschedule.isPending, onSubmit: (e) => void submit(e) }}
      onClose={onClose}
    >
      {planning && (
        <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
          {planning.availability
            ? `Disponibilità di ${collaboratorName}: «${planning.availability}».`
            : `${collaboratorName} non ha indicato quando è disponibile: accordatevi prima.`}
          {planning.minutes ? ` La richiesta prevede circa ${durationWords(planning.minutes * 60_000)} di lavoro.` : ''}
        </Alert>
      )}
      <TextField
        label="Giorno"
        type="date"
        value={times.date}
        onChange={(e) => setTimes((t) => ({ ...t, date: e.target.value }))}
        error={!!(errors.scheduledStartAt ?? errors.scheduledEndAt)}
        helperText={errors.scheduledStartAt ?? errors.scheduledEndAt}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormGroup row sx={{ gap: 2 }}>
        {timeField('start', 'Ora di inizio')}
        {timeField('end', 'Ora di fine')}
      </FormGroup>
      {!session && (
        <FormControl>
          <FormLabel id="security-level">Sicurezza</FormLabel>
          <RadioGroup aria-labelledby="security-level" value={securityLevel} onChange={(_, v) => setLevel(v as SecurityLevel)}>
            {securityLevels.map((l) => (
              <FormControlLabel key={l} value={l} control={<Radio />} label={securityLevelLabels[l]} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {!session && withAi && (
        <CreditsField
          label="Crediti AI per la sessione"
          value={credits}
          onChange={setCredits}
          error={errors.aiCredits}
          hint="Crediti del negozio che il collaboratore può usare per le funzioni AI durante la sessione."
        />
      )}
    </WideFormDialog>
  );
}
