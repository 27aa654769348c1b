import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Checkbox, FormControlLabel, List, ListItem, ListItemText, Skeleton, Switch, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { erasureStatusLabels } from '@labels/privacy';
import { useAuth } from '../../app/auth';
import { DashboardHeader } from '../../components/DashboardHeader';
import { FormDialog } from '../../components/FormDialog';
import { FormSection } from '../../components/form-kit';
import { toast } from '../../components/toast/toast-store';
import { ApiError, errorText } from '../../lib/client';
import { formatDate } from '../../lib/dates';
import { useAnswerConsent, useForgetUser, useMyConsents, useMyPrivacy, useRequestErasure, type Consent, type Erasure } from './api';

/**
 * /customer/privacy, /shopkeeper/privacy, /collaborator/privacy: the person's personal data — a copy of
 * all of it (GDPR artt. 15 and 20), what erasing the account means, and asking for it (art. 17; issue [21]).
 */
export default function PrivacyPage() {
  const { user } = useAuth();
  const { data, error, isPending } = useMyPrivacy();
  return (
    <>
      <DashboardHeader title="Privacy e dati personali" subtitle="Scarica i tuoi dati o cancella il tuo account" />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
        {isPending && <Skeleton variant="rounded" height={160} />}
        {error && <Alert severity="error">{errorText(error, 'Stato della privacy non disponibile: riprova tra poco.')}</Alert>}
        <ExportSection />
        <ConsentsSection />
        {data?.erasure ? <ErasureUnderWay erasure={data.erasure} /> : data && <EraseSection shop={user!.role === 'shopkeeper'} />}
      </Box>
    </>
  );
}

function ExportSection() {
  return (
    <FormSection
      title="Scarica i tuoi dati"
      description="Una copia di tutto ciò che Vicino conserva su di te: account, ordini, prenotazioni, recensioni, messaggi, reclami, sessioni, crediti, pagamenti, notifiche (artt. 15 e 20 del GDPR). Si prepara in pochi secondi."
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<DownloadIcon />} href="/api/user/privacy/export/html" download>
          Riepilogo leggibile
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} href="/api/user/privacy/export/json" download>
          File completo (JSON)
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Il riepilogo si apre nel browser e si può stampare; il file JSON contiene gli stessi dati in forma completa, da portare a un altro servizio.
      </Typography>
    </FormSection>
  );
}

/** The person's consents, each with its text, switched on and off as easily (each answer kept with its time). */
function ConsentsSection() {
  const { data, error, isPending } = useMyConsents();
  const answer = useAnswerConsent();
  const change = async (consent: Consent, granted: boolean) => {
    try {
      await answer.mutateAsync({ kind: consent.kind, granted, source: 'settings' });
      toast({ title: granted ? 'Consenso dato' : 'Consenso ritirato', description: consent.label, variant: 'success' });
    } catch (err) {
      toast({ title: 'Risposta non salvata', description: errorText(err, 'Riprova tra poco.'), variant: 'destructive' });
    }
  };
  return (
    <FormSection title="Consensi" description="Li dai o li ritiri quando vuoi: registriamo ogni risposta con il testo e l’ora. Senza consenso il sito funziona allo stesso modo.">
      {isPending && <Skeleton variant="rounded" height={96} />}
      {error && <Alert severity="error">{errorText(error, 'Consensi non disponibili: riprova tra poco.')}</Alert>}
      {data?.consents
        .filter((consent) => consent.offered)
        .map((consent) => (
          <FormControlLabel
            key={consent.kind}
            sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
            control={<Switch checked={consent.granted === true} disabled={answer.isPending} onChange={(_, on) => void change(consent, on)} sx={{ mt: -0.5 }} />}
            label={
              <Box>
                <Typography>{consent.label}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {consent.text}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {consent.changedAt ? `${consent.granted ? 'Dato' : 'Negato'} il ${formatDate(consent.changedAt)}` : 'Non ancora risposto: per noi è no.'}
                </Typography>
              </Box>
            }
          />
        ))}
    </FormSection>
  );
}

function ErasureUnderWay({ erasure }: { erasure: Erasure }) {
  return (
    <Alert severity="info">
      <Typography sx={{ fontWeight: 600 }}>Cancellazione dei dati: {erasureStatusLabels[erasure.status].toLowerCase()}</Typography>
      {erasure.status === 'waiting' ? (
        <Typography variant="body2">
          Il tuo negozio è chiuso ai nuovi ordini. Ha ancora {erasure.openOrders === 1 ? 'un ordine aperto' : `${erasure.openOrders} ordini aperti`}: completali o annullali, poi i
          tuoi dati saranno cancellati. Al più tardi entro il {formatDate(erasure.dueAt)}.
        </Typography>
      ) : (
        <Typography variant="body2">
          Richiesta il {formatDate(erasure.requestedAt)}; i tuoi dati saranno cancellati entro il {formatDate(erasure.dueAt)}.
        </Typography>
      )}
    </Alert>
  );
}

function EraseSection({ shop }: { shop: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <FormSection
      title="Cancella il tuo account"
      description="Puoi chiedere in ogni momento di cancellare il tuo account e i tuoi dati personali (art. 17 del GDPR). La cancellazione non si può annullare."
    >
      <List dense disablePadding>
        <ListItem disableGutters>
          <ListItemText
            primary="Cosa si cancella"
            secondary="Nome, e-mail, telefono, indirizzi, i testi che hai scritto (note, recensioni, messaggi), i dispositivi e gli accessi."
          />
        </ListItem>
        <ListItem disableGutters>
          <ListItemText
            primary="Cosa resta"
            secondary="Gli ordini e i pagamenti restano per 10 anni, come vuole la legge fiscale, con «Utente cancellato» al posto dei tuoi dati. Le tue recensioni restano con il loro voto, senza testo né nome."
          />
        </ListItem>
        <ListItem disableGutters>
          <ListItemText
            primary="Quando"
            secondary={
              shop
                ? 'Il tuo negozio chiude subito ai nuovi ordini; i tuoi dati si cancellano appena gli ordini aperti sono conclusi, al più tardi entro un mese.'
                : 'Di solito in pochi minuti, al più tardi entro un mese. Esci subito da tutti i dispositivi.'
            }
          />
        </ListItem>
      </List>
      <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setAsking(true)} sx={{ justifySelf: 'start' }}>
        Cancella il mio account
      </Button>
      {asking && <EraseDialog onClose={() => setAsking(false)} />}
    </FormSection>
  );
}

function EraseDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const erase = useRequestErasure();
  const forgetUser = useForgetUser();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [problem, setProblem] = useState<{ password?: string; form?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem({ password: 'Scrivi la tua password.' });
    if (!understood) return setProblem({ form: 'Conferma di aver capito che la cancellazione non si può annullare.' });
    try {
      await erase.mutateAsync({ password, confirm: true });
      toast({ title: 'Richiesta ricevuta', description: 'I tuoi dati saranno cancellati. Sei uscito dal tuo account.', variant: 'success' });
      await navigate('/', { replace: true });
      forgetUser();
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors.password : undefined;
      setProblem(field ? { password: field } : { form: errorText(error, 'Richiesta non riuscita: riprova tra poco.') });
    }
  };
  return (
    <FormDialog
      id="erase-account"
      title="Cancellare il tuo account?"
      text="Per sicurezza scrivi la tua password. Il tuo account e i tuoi dati personali saranno cancellati per sempre."
      error={problem.form}
      submit={{ label: 'Cancella il mio account', busy: erase.isPending, onSubmit: submit, danger: true }}
      onClose={onClose}
    >
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(problem.password)}
        helperText={problem.password}
        autoFocus
        required
      />
      <FormControlLabel control={<Checkbox checked={understood} onChange={(_, on) => setUnderstood(on)} />} label="Ho capito che la cancellazione non si può annullare." />
    </FormDialog>
  );
}
