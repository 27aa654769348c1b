import { Alert, Box, Button, Card, CardContent, LinearProgress, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Title } from 'react-admin';
import { toast } from '../../../components/toast/toast-store';
import { ApiError, errorText } from '../../../lib/client';
import { formatDateTime } from '../../../lib/dates';
import { useLegalDocument, usePublishLegal, type LegalDocument } from '../api';

const kinds: { kind: LegalDocument['kind']; label: string; page: string }[] = [
  { kind: 'privacy', label: 'Informativa sulla privacy', page: '/privacy' },
  { kind: 'terms', label: 'Termini e condizioni', page: '/termini' },
];

function Editor({ kind, page }: { kind: LegalDocument['kind']; page: string }) {
  const { data, error, isPending } = useLegalDocument(kind);
  const publish = usePublishLegal();
  const [body, setBody] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ body?: string; note?: string; form?: string }>({});
  useEffect(() => {
    if (data) setBody(data.body);
  }, [data]);
  if (isPending) return <LinearProgress />;
  if (error || !data) return <Alert severity="error">{errorText(error, 'Documento non disponibile: riprova tra poco.')}</Alert>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem({});
    try {
      const published = await publish.mutateAsync({ kind, body, note });
      setNote('');
      toast({ title: `Pubblicata la versione ${published.version}`, description: 'Chi si registra da ora accetta questa versione.', variant: 'success' });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setProblem({ body: fields.body, note: fields.note, form: fields.body || fields.note ? undefined : errorText(err, 'Pubblicazione non riuscita: riprova tra poco.') });
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }} aria-label={`Nuova versione: ${kinds.find((k) => k.kind === kind)!.label}`}>
      <Typography variant="body2" color="text.secondary">
        In vigore la versione {data.version}, del {formatDateTime(data.publishedAt)} (<a href={page}>vedi la pagina</a>). Pubblicare crea la versione {data.version + 1}: le
        precedenti restano leggibili, e chi si registra da quel momento accetta la nuova. Formato: «## » un titolo, «- » una riga di elenco, una riga vuota tra i paragrafi,
        **grassetto**.
      </Typography>
      {problem.form && <Alert severity="error">{problem.form}</Alert>}
      <TextField
        label="Testo"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={16}
        maxRows={40}
        required
        error={Boolean(problem.body)}
        helperText={problem.body ?? `${body.length.toLocaleString('it-IT')} caratteri su 100.000`}
      />
      <TextField
        label="Che cosa cambia (facoltativo)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={Boolean(problem.note)}
        helperText={problem.note ?? `Compare nell’elenco delle versioni della pagina (${note.length} caratteri su 500).`}
      />
      <Button type="submit" variant="contained" disabled={publish.isPending || body.trim() === data.body} sx={{ justifySelf: 'start' }}>
        {publish.isPending ? 'Pubblicazione…' : `Pubblica la versione ${data.version + 1}`}
      </Button>
    </Box>
  );
}

/** /admin/legal: the privacy policy and the terms, each edited by publishing a new version (issue [21]). */
export function LegalDocumentsPage() {
  const [tab, setTab] = useState(0);
  const current = kinds[tab]!;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Informativa e termini" />
      <Card>
        <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="scrollable" allowScrollButtonsMobile aria-label="Documenti">
          {kinds.map((k) => (
            <Tab key={k.kind} label={k.label} />
          ))}
        </Tabs>
        <CardContent>
          <Editor key={current.kind} kind={current.kind} page={current.page} />
        </CardContent>
      </Card>
    </Box>
  );
}
