import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_DESCRIPTION, MAX_TITLE, reportTypeLabels, reportTypes, severities, severityLabels, type ReportType, type Severity } from '@pure/reports/labels';
import { LimitedTextField, tooLong } from '../../components/form-kit';
import { FormDialog } from '../../components/FormDialog';
import { errorText } from '../../lib/client';
import { useCreateReport } from './api';
import { ChoiceField } from '../../components/ChoiceField';

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
          // A text over its limit says so under it: nothing is sent, nothing is cut.
          if (tooLong(title, MAX_TITLE) || tooLong(description, MAX_DESCRIPTION)) return;
          create.mutate({ assignmentId, reportType, severity, title, description }, { onSuccess: (r) => void navigate(`/collaborator/reports/${r.id}`) });
        },
      }}
      onClose={onClose}
    >
      <ChoiceField label="Tipo di problema" value={reportType} onChange={setType} options={reportTypes} labels={reportTypeLabels} />
      <ChoiceField label="Gravità" value={severity} onChange={setSeverity} options={severities} labels={severityLabels} />
      <LimitedTextField label="Titolo" value={title} onChange={(e) => setTitle(e.target.value)} required limit={MAX_TITLE} error={fieldErrors.title} />
      <LimitedTextField
        label="Descrizione"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        required
        multiline
        minRows={4}
        limit={MAX_DESCRIPTION}
        error={fieldErrors.description}
      />
    </FormDialog>
  );
}
