import { Box, Checkbox, FormControlLabel, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { NamedFailedEvent } from '@contracts/data-management';
import type { AdminDataProvider } from '../../../admin/dataProvider';
import { fieldLabelOf } from '../../../admin/history/values';
import { FormDialog } from '../../../components/FormDialog';
import { formatDateTime } from '../../../lib/dates';
import { keyOf, leavesOf, patchOf } from './correction-fields';

/**
 * A field's Italian name, as the histories name it (the event's stream names its resource:
 * `product-…` → products), else its own; the technical path goes under the field.
 */
function useFieldName(streamId: string) {
  const label = fieldLabelOf(useTranslate(), `${streamId.replace(/-[0-9a-f-]{36}$/i, '')}s`);
  return (path: string[]) => label(path[path.length - 1]!);
}

/**
 * The admin's correction of the event a read model stopped at (issue [16]): the event's fields as
 * the read models read it, the ones changed sent as a patch with the reason; the original event
 * stays in the log as it was, and the read model tries again with the correction.
 */
export function CorrectEventDialog({
  projection,
  title,
  event,
  onClose,
  onDone,
}: {
  projection: string;
  /** The read model's Italian name. */
  title: string;
  event: NamedFailedEvent;
  onClose: () => void;
  onDone: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { editable, fixed } = leavesOf(event.data ?? {});
  const nameOf = useFieldName(event.streamId);
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(editable.map((l) => [keyOf(l.path), typeof l.value === 'boolean' ? l.value : String(l.value)])),
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found: Record<string, string> = {};
    const changed: { path: string[]; value: unknown }[] = [];
    for (const leaf of editable) {
      const key = keyOf(leaf.path);
      const now = values[key];
      if (typeof leaf.value === 'number') {
        const n = Number(String(now).replace(',', '.'));
        if (String(now).trim() === '' || !Number.isFinite(n)) found[key] = 'Scrivi un numero.';
        else if (n !== leaf.value) changed.push({ path: leaf.path, value: n });
      } else if (now !== (typeof leaf.value === 'boolean' ? leaf.value : String(leaf.value))) changed.push({ path: leaf.path, value: now });
    }
    if (reason.trim().length < 5) found.reason = 'Scrivi il motivo della correzione (almeno 5 caratteri).';
    if (!changed.length && !Object.keys(found).length) setFormError('Non hai cambiato nessun campo: correggi almeno un valore.');
    setErrors(found);
    if (Object.keys(found).length || !changed.length) return;
    setBusy(true);
    try {
      const answer = await dataProvider.correctEvent(projection, { eventId: event.id, data: patchOf(changed), reason: reason.trim() });
      const stillStopped = answer.projection.failedEvent?.id === event.id;
      notify(
        stillStopped
          ? 'Correzione registrata, ma la proiezione non riesce ancora ad applicare l’evento: controlla il messaggio tecnico.'
          : `Correzione registrata: «${title}» è ripartita.`,
        { type: stillStopped ? 'warning' : 'success' },
      );
      onDone();
    } catch (error) {
      const body = (error as { body?: { message?: string; errors?: Record<string, string> } }).body;
      const fieldErrors = Object.fromEntries(Object.entries(body?.errors ?? {}).map(([k, v]) => [k.replace(/^data\./, ''), v]));
      setErrors(fieldErrors);
      const placed = Object.keys(fieldErrors).some((k) => k === 'reason' || editable.some((l) => keyOf(l.path) === k));
      if (!placed) setFormError(body?.message ?? (error as Error).message ?? 'Correzione non registrata.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      id="correct-event-title"
      title={`Correggi l’evento «${event.italianName}»`}
      text={
        <>
          I valori che cambi sostituiscono quelli dell’evento per i modelli di lettura; l’evento originale resta nel registro così com’è e la correzione compare nella cronologia,
          con il tuo nome e il motivo. Poi «{title}» riprova subito.
        </>
      }
      error={formError}
      submit={{ label: 'Registra la correzione', busy, onSubmit: (e) => void submit(e) }}
      onClose={onClose}
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {event.streamId} n. {event.revision} · {formatDateTime(event.at)}
      </Typography>
      {editable.length === 0 && <Typography>L’evento non ha campi che si possano correggere da qui.</Typography>}
      {editable.map((leaf) => {
        const key = keyOf(leaf.path);
        return typeof leaf.value === 'boolean' ? (
          <FormControlLabel
            key={key}
            label={`${nameOf(leaf.path)} (${keyOf(leaf.path)})`}
            control={<Checkbox checked={values[key] === true} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.checked }))} />}
          />
        ) : (
          <TextField
            key={key}
            label={nameOf(leaf.path)}
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            inputMode={typeof leaf.value === 'number' ? 'decimal' : undefined}
            multiline={typeof leaf.value === 'string' && leaf.value.length > 60}
            error={!!errors[key]}
            helperText={errors[key] ?? `${typeof leaf.value === 'number' ? 'Numero · ' : ''}${keyOf(leaf.path)}`}
            size="small"
          />
        );
      })}
      {fixed.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Campi non modificabili da qui
          </Typography>
          {fixed.map(({ path, value }) => (
            <Typography key={keyOf(path)} variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {nameOf(path)} ({keyOf(path)}):{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {value === null ? 'vuoto' : JSON.stringify(value)}
              </Box>
            </Typography>
          ))}
        </Box>
      )}
      <TextField
        label="Motivo della correzione"
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={!!errors.reason}
        helperText={errors.reason ?? 'Resta nella cronologia, con il tuo nome.'}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
