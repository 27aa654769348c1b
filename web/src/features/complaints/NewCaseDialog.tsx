import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import { Alert, Box, Button, IconButton, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  complaintTypes,
  disputeTypes,
  MAX_TEXT,
  MAX_TITLE,
  MAX_WITNESSES,
  severities,
  severityLabels,
  typeLabels,
  urgencies,
  urgencyLabels,
  type CaseType,
  type Severity,
  type Urgency,
} from '@labels/complaints';
import { FormDialog, useFieldsForm } from '../../components/FormDialog';
import { LimitedTextField, tooLong, tooLongFields } from '../../components/form-kit';
import { toast } from '../../components/toast/toast-store';
import { useFileCase } from './api';
import { checkFile, fileSize } from './evidence';
import { EvidenceInput } from './EvidenceInput';
import { ChoiceField } from '../../components/ChoiceField';

/** What the case is about: a collaboration session (a complaint) or an order (a customer's dispute). */
export type CaseSubject = { kind: 'complaint'; sessionId: string; about: string } | { kind: 'dispute'; orderId: string; about: string };

/** A witness's name and contact, as long as the complaints' contract takes them (not among its labels). */
const MAX_WITNESS_NAME = 120;
const MAX_WITNESS_CONTACT = 200;

interface Witness {
  name: string;
  contact: string;
}

/**
 * "Segnala un problema": the form of a new case. The files are sent once the case exists, one at a
 * time; a file refused is said, the case stays. Opens the case page when done (`casePath`).
 */
export function NewCaseDialog({ subject, casePath, onClose }: { subject: CaseSubject; casePath: (id: string) => string; onClose: () => void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const navigate = useNavigate();
  const types: readonly CaseType[] = subject.kind === 'complaint' ? complaintTypes : disputeTypes;
  const [type, setType] = useState<CaseType | ''>('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [severity, setSeverity] = useState<Severity>('medium');
  const [urgency, setUrgency] = useState<Urgency>('normal');
  const [witnesses, setWitnesses] = useState<Witness[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const file = useFileCase();
  const form = useFieldsForm('Segnalazione non inviata: riprova tra poco.');
  const revokes = subject.kind === 'complaint' && type === 'security_breach' && urgency === 'immediate';

  const setWitness = (i: number, change: Partial<Witness>) => setWitnesses((ws) => ws.map((w, j) => (j === i ? { ...w, ...change } : w)));
  const addFiles = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    const problems = list.map(checkFile).filter(Boolean);
    setFileProblem(problems.length ? problems.join(' ') : null);
    setFiles((fs) => [...fs, ...list.filter((f) => !checkFile(f))]);
  };

  const submit = form.submit(
    () => ({
      ...(type ? {} : { [subject.kind === 'complaint' ? 'complaintType' : 'reason']: 'Scegli il tipo di problema.' }),
      ...(subject.kind === 'complaint' && !title.trim() ? { title: 'Scrivi un titolo.' } : {}),
      ...(description.trim() ? {} : { description: 'Descrivi il problema.' }),
      ...tooLongFields({ title: [title, MAX_TITLE], description: [description, MAX_TEXT] }),
      ...Object.fromEntries(
        witnesses.flatMap((w, i) => {
          const problem = w.name.trim() && w.contact.trim() ? (tooLong(w.name, MAX_WITNESS_NAME) ?? tooLong(w.contact, MAX_WITNESS_CONTACT)) : 'Nome e contatto del testimone.';
          return problem ? [[`witnessContacts.${i}`, problem]] : [];
        }),
      ),
    }),
    async () => {
      const common = {
        title: title.trim() || undefined,
        description: description.trim(),
        severity,
        urgency,
        witnessContacts: witnesses.map((w) => ({ name: w.name.trim(), contact: w.contact.trim() })),
      };
      const body =
        subject.kind === 'complaint'
          ? { kind: 'complaint' as const, sessionId: subject.sessionId, complaintType: type as (typeof complaintTypes)[number], ...common, title: title.trim() }
          : { kind: 'dispute' as const, orderId: subject.orderId, reason: type as (typeof disputeTypes)[number], ...common };
      const { detail, refused } = await file.mutateAsync({ body, files });
      toast({
        title: subject.kind === 'complaint' ? 'Reclamo inviato' : 'Contestazione aperta',
        description: 'Un amministratore lo prende in carico: segui il caso dalla sua pagina.',
        variant: 'success',
      });
      if (refused.length) toast({ title: 'Alcuni file non sono stati allegati', description: `${refused.join(', ')}: aggiungili dalla pagina del caso.`, variant: 'destructive' });
      onClose();
      void navigate(casePath(detail.id));
    },
  );
  const typeField = subject.kind === 'complaint' ? 'complaintType' : 'reason';

  return (
    <FormDialog
      id="new-case-title"
      title={subject.kind === 'complaint' ? 'Segnala un problema' : 'Apri una contestazione'}
      text={
        subject.kind === 'complaint'
          ? `Sulla sessione ${subject.about}. Un amministratore esamina il caso e può chiedere all’altra parte di rispondere.`
          : `Sull’ordine ${subject.about}. Puoi contestarlo entro 14 giorni dal completamento; un amministratore esamina il caso con il negozio.`
      }
      error={form.formError}
      submit={{ label: 'Invia la segnalazione', busy: file.isPending, onSubmit: (e) => void submit(e) }}
      onClose={onClose}
      maxWidth="sm"
      fullScreen={phone}
    >
      <ChoiceField
        label="Tipo di problema"
        required
        value={type}
        onChange={setType}
        options={types}
        labels={typeLabels}
        error={!!form.errors[typeField]}
        helperText={form.errors[typeField]}
      />
      <LimitedTextField
        label={subject.kind === 'complaint' ? 'Titolo' : 'Titolo (facoltativo)'}
        required={subject.kind === 'complaint'}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        limit={MAX_TITLE}
        error={form.errors.title}
        hint="In poche parole, cosa è successo"
      />
      <LimitedTextField
        label="Descrizione"
        required
        multiline
        minRows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        limit={MAX_TEXT}
        error={form.errors.description}
        hint="Quando, dove, cosa: i fatti che aiutano a decidere"
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <ChoiceField label="Gravità" value={severity} onChange={setSeverity} options={severities} labels={severityLabels} />
        <ChoiceField
          label="Urgenza"
          value={urgency}
          onChange={setUrgency}
          options={urgencies}
          labels={urgencyLabels}
          helperText="Più è urgente, prima un amministratore risponde"
        />
      </Box>
      {subject.kind === 'complaint' && urgency === 'immediate' && (
        <Alert severity={revokes ? 'error' : 'warning'} role={revokes ? 'alert' : undefined}>
          {revokes
            ? 'Un problema di sicurezza con urgenza immediata revoca subito la sessione: il collaboratore non potrà più agire per il negozio.'
            : 'Urgenza immediata: un amministratore risponde entro un’ora. Se è un problema di sicurezza, sceglilo come tipo: la sessione viene revocata subito.'}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Testimoni
        </Typography>
        {witnesses.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            Nessun testimone. Aggiungi chi ha visto cosa è successo, se c’è.
          </Typography>
        )}
        {witnesses.map((w, i) => (
          <Box
            key={i}
            role="group"
            aria-label={`Testimone ${i + 1}`}
            sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' }, alignItems: 'start' }}
          >
            <LimitedTextField
              size="small"
              label="Nome"
              value={w.name}
              onChange={(e) => setWitness(i, { name: e.target.value })}
              limit={MAX_WITNESS_NAME}
              error={form.errors[`witnessContacts.${i}`] && !w.name.trim() ? form.errors[`witnessContacts.${i}`] : undefined}
            />
            <LimitedTextField
              size="small"
              label="Telefono o e-mail"
              value={w.contact}
              onChange={(e) => setWitness(i, { contact: e.target.value })}
              limit={MAX_WITNESS_CONTACT}
              error={form.errors[`witnessContacts.${i}`] && !w.contact.trim() ? form.errors[`witnessContacts.${i}`] : undefined}
              sx={{ gridColumn: { xs: '1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
            />
            <IconButton
              aria-label={`Togli il testimone ${i + 1}`}
              onClick={() => setWitnesses((ws) => ws.filter((_, j) => j !== i))}
              sx={{ gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: '1', sm: 'auto' } }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        {witnesses.length < MAX_WITNESSES && (
          <Button startIcon={<PersonAddIcon />} onClick={() => setWitnesses((ws) => [...ws, { name: '', contact: '' }])} sx={{ justifySelf: 'start' }}>
            Aggiungi un testimone
          </Button>
        )}
      </Box>

      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Prove
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Foto (JPEG, PNG, WebP) o PDF, fino a 5 MB ciascuno: si allegano appena il caso è inviato.
        </Typography>
        {fileProblem && <Alert severity="warning">{fileProblem}</Alert>}
        {files.length > 0 && (
          <Box component="ul" aria-label="File da allegare" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {files.map((f, i) => (
              <Box component="li" key={`${f.name}-${i}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <AttachFileIcon fontSize="small" color="action" />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {f.name} · {fileSize(f.size)}
                </Typography>
                <IconButton size="small" aria-label={`Togli ${f.name}`} onClick={() => setFiles((fs) => fs.filter((_, j) => j !== i))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
        <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} sx={{ justifySelf: 'start' }}>
          Aggiungi foto o PDF
          <EvidenceInput label="Aggiungi foto o PDF" onFiles={addFiles} />
        </Button>
      </Box>
    </FormDialog>
  );
}
