import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { reportTypeLabels, reportTypes, severities, severityLabels, type ReportType, type Severity } from '@pure/reports/labels';
import { FormDialog } from '../../components/FormDialog';
import { errorText } from '../../lib/client';
import { useCreateReport } from './api';

/** «Segnala un problema»: the report's form on the assignment's page; sent, it opens the report's page. */
export function ReportDialog({ assignmentId, onClose }: { assignmentId: string; onClose: () => void }) {
  const create = useCreateReport();
  const navigate = useNavigate();
  const [reportType, setType] = useState<ReportType>('quality_issue');
  const [severity, setSeverity] = useState<Severity>('medium');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const fieldErrors = (create.error as { errors?: Record<string, string> } | null)?.errors ?? {};
  return (
    <FormDialog
      id="report-title"
      title="Segnala un problema"
      text="Descrivi cosa non va in questo incarico: l’amministrazione la verifica e risponde a entrambe le parti."
      error={create.error ? errorText(create.error, 'Segnalazione non inviata.') : null}
      maxWidth="sm"
      submit={{
        label: 'Invia la segnalazione',
        busy: create.isPending,
        onSubmit: (e) => {
          e.preventDefault();
          create.mutate({ assignmentId, reportType, severity, title, description }, { onSuccess: (r) => navigate(`/collaborator/reports/${r.id}`) });
        },
      }}
      onClose={onClose}
    >
      <TextField select label="Tipo di problema" value={reportType} onChange={(e) => setType(e.target.value as ReportType)}>
        {reportTypes.map((t) => <MenuItem key={t} value={t}>{reportTypeLabels[t]}</MenuItem>)}
      </TextField>
      <TextField select label="Gravità" value={severity} onChange={(e) => setSeverity(e.target.value as Severity)}>
        {severities.map((s) => <MenuItem key={s} value={s}>{severityLabels[s]}</MenuItem>)}
      </TextField>
      <TextField label="Titolo" value={title} onChange={(e) => setTitle(e.target.value)} required slotProps={{ htmlInput: { maxLength: 200 } }} error={Boolean(fieldErrors.title)} helperText={fieldErrors.title} />
      <TextField label="Descrizione" value={description} onChange={(e) => setDescription(e.target.value)} required multiline minRows={4} slotProps={{ htmlInput: { maxLength: 5000 } }} error={Boolean(fieldErrors.description)} helperText={fieldErrors.description} />
    </FormDialog>
  );
}
