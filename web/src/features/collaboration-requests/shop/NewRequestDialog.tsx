import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import { useState } from 'react';
import { collaboratorServices, serviceIds, type CollaboratorService } from '@pure/collaborators/services';
import { DateTimeFields } from '../../../components/DateTimeFields';
import { EuroField } from '../../../components/EuroField';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { useFieldsForm } from '../../../components/FormDialog';
import { WideFormDialog } from '../../../components/WideFormDialog';
import { toast } from '../../../components/toast/toast-store';
import { romeDateTime, romeToIso } from '../../../lib/dates';
import { parseDecimal } from '../../../lib/money';
import { durationChoices, durationText, requestTypeLabels, urgencyLabels, useCreateRequest, type RequestType, type Urgency } from '../api';

/** A request's message, as long as the collaboration requests' contract takes it. */
const messageMax = 1000;

/** The deadline the form proposes: a day from now, in Rome's time, as the date and time fields hold it. */
function inADay(): { date: string; time: string } {
  return romeDateTime(new Date(Date.now() + 24 * 3_600_000));
}

/**
 * A new request: to the collaborator chosen (`to`), or open to the zone, or matched by the
 * platform. Errors of a field beside it (the API's own words), anything else above the form.
 */
export function NewRequestDialog({ to, onClose }: { to: { id: string; name: string; services: CollaboratorService[] } | null; onClose: () => void }) {
  const create = useCreateRequest();
  const [requestType, setType] = useState<RequestType>(to ? 'direct' : 'waiting');
  const [message, setMessage] = useState('');
  const [estimatedDuration, setDuration] = useState(120);
  const [urgencyLevel, setUrgency] = useState<Urgency>('normal');
  const [budget, setBudget] = useState('');
  const [services, setServices] = useState<CollaboratorService[]>([]);
  const [deadline, setDeadline] = useState(inADay);
  const form = useFieldsForm('Non è stato possibile inviare la richiesta. Riprova.');
  const { errors } = form;

  const offered = to ? serviceIds.filter((s) => to.services.includes(s)) : serviceIds;
  const toggle = (s: CollaboratorService) => setServices((all) => (all.includes(s) ? all.filter((x) => x !== s) : [...all, s]));

  const maxBudget = budget.trim() === '' ? Number.NaN : parseDecimal(budget);
  const deadlineTyped = /^\d{4}-\d{2}-\d{2}$/.test(deadline.date) && /^\d{2}:\d{2}$/.test(deadline.time);
  const responseDeadline = deadlineTyped ? romeToIso(deadline.date, deadline.time) : undefined;
  const submit = form.submit(
    () => ({
      message: message.trim() ? tooLong(message, messageMax) : 'Scrivi di cosa hai bisogno.',
      maxBudget: !Number.isFinite(maxBudget) || maxBudget < 0 ? 'Indica un budget in euro (anche 0).' : undefined,
      responseDeadline: !responseDeadline
        ? 'Indica data e ora della scadenza.'
        : new Date(responseDeadline).getTime() <= Date.now()
          ? 'La scadenza deve essere nel futuro.'
          : undefined,
    }),
    async () => {
      await create.mutateAsync({
        requestType,
        ...(requestType === 'direct' && to ? { collaboratorId: to.id } : {}),
        message: message.trim(),
        estimatedDuration,
        urgencyLevel,
        maxBudget,
        requiredServices: services,
        responseDeadline,
      });
      toast({ title: requestType === 'direct' && to ? `Richiesta inviata a ${to.name}.` : 'Richiesta inviata ai collaboratori della zona.', variant: 'success' });
      onClose();
    },
  );

  return (
    <WideFormDialog
      id="new-request-title"
      title={to ? `Chiedi aiuto a ${to.name}` : 'Nuova richiesta di collaborazione'}
      text={requestTypeLabels[requestType].hint}
      error={form.formError}
      submit={{ label: 'Invia la richiesta', busy: create.isPending, onSubmit: (e) => void submit(e) }}
      onClose={onClose}
    >
      {!to && (
        <FormControl>
          <FormLabel id="request-type">A chi la mandi</FormLabel>
          <RadioGroup aria-labelledby="request-type" value={requestType} onChange={(_, v) => setType(v as RequestType)}>
            {(['waiting', 'auto_match'] as const).map((t) => (
              <FormControlLabel key={t} value={t} control={<Radio />} label={requestTypeLabels[t].label} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      <LimitedTextField
        label="Di cosa hai bisogno"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        multiline
        minRows={3}
        required
        limit={messageMax}
        counted
        error={errors.message}
      />
      <TextField
        select
        label="Durata stimata"
        value={estimatedDuration}
        onChange={(e) => setDuration(Number(e.target.value))}
        error={!!errors.estimatedDuration}
        helperText={errors.estimatedDuration}
      >
        {durationChoices.map((d) => (
          <MenuItem key={d} value={d}>
            {durationText(d)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Urgenza"
        value={urgencyLevel}
        onChange={(e) => setUrgency(e.target.value as Urgency)}
        helperText={requestType === 'auto_match' ? 'Il tempo che ogni collaboratore ha per rispondere prima di passare al successivo.' : errors.urgencyLevel}
      >
        {(Object.keys(urgencyLabels) as Urgency[]).map((u) => (
          <MenuItem key={u} value={u}>
            {urgencyLabels[u]}
          </MenuItem>
        ))}
      </TextField>
      <EuroField label="Budget massimo" value={budget} onChange={setBudget} required error={errors.maxBudget} />
      <FormControl error={!!errors.requiredServices} component="fieldset">
        <FormLabel component="legend">Servizi richiesti</FormLabel>
        <FormGroup row>
          {offered.map((s) => (
            <FormControlLabel key={s} control={<Checkbox checked={services.includes(s)} onChange={() => toggle(s)} />} label={collaboratorServices[s]} />
          ))}
        </FormGroup>
        <FormHelperText>{errors.requiredServices ?? 'Solo i collaboratori che li offrono tutti vedono la richiesta.'}</FormHelperText>
      </FormControl>
      <DateTimeFields dateLabel="Risposta entro il" value={deadline} onChange={setDeadline} error={errors.responseDeadline} />
    </WideFormDialog>
  );
}
