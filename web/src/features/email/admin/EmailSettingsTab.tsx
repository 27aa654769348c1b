import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { BooleanInput, NumberInput, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { TestEmailResult } from '@contracts/email';
import { ApiError, apiRequest, errorText } from '../../../lib/client';
import { SecretInput } from '../../site-settings/admin/SecretInput';
import { SettingsPage } from '../../site-settings/admin/SettingsPage';
import { useSiteName } from '../../site-settings/api';
import { providerChoices } from './labels';

/** Why queued mails wait with the saved settings (the server's `notSending`), as a warning over the form. */
function NotSendingBanner() {
  const record = useRecordContext();
  const reason = record?.notSending as string | null | undefined;
  if (!reason)
    return (
      <Alert severity="success" sx={{ mb: 2, width: '100%' }}>
        Le e-mail in coda partono con queste impostazioni.
      </Alert>
    );
  return (
    <Alert severity="warning" sx={{ mb: 2, width: '100%' }} role="alert">
      {reason}
    </Alert>
  );
}

/**
 * Sends one mail at once with the saved settings (POST /api/admin/email-settings/test) and shows
 * what the server answered, or why it failed, in its own words.
 */
function TestEmail() {
  const { isDirty } = useFormState();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true; result: TestEmailResult } | { ok: false; message: string } | null>(null);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, result: await apiRequest<TestEmailResult>('POST', '/api/admin/email-settings/test', { to }) });
    } catch (e) {
      const field = e instanceof ApiError ? Object.values(e.fieldErrors)[0] : undefined;
      setOutcome({ ok: false, message: field ?? errorText(e, 'E-mail di prova non inviata: riprova tra poco.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-label="E-mail di prova" sx={{ width: '100%', mt: 2 }}>
      <Typography variant="h6" component="h2">
        E-mail di prova
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Parte subito con le impostazioni salvate, anche con l’invio disattivato; non passa dalla coda e non conta nel limite orario.
      </Typography>
      {isDirty && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Hai modifiche non salvate: la prova usa le impostazioni salvate.
        </Alert>
      )}
      {/* Not a nested <form>: the settings' form holds this section. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label="Indirizzo del destinatario"
          type="email"
          size="small"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void send(e);
          }}
          sx={{ flex: '1 1 16rem' }}
        />
        <Button variant="outlined" startIcon={<SendIcon />} onClick={send} disabled={busy || !to.trim()}>
          Invia e-mail di prova
        </Button>
      </Box>
      {outcome?.ok && (
        <Alert severity="success" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="test-email-outcome">
          Inviata a {outcome.result.to}. Risposta del server:{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {outcome.result.response}
          </Box>
        </Alert>
      )}
      {outcome && !outcome.ok && (
        <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="test-email-outcome">
          {outcome.message}
        </Alert>
      )}
    </Box>
  );
}

/** The server's fields, or SendGrid's key: only what the chosen service needs. */
function ServiceFields() {
  const provider = useWatch({ name: 'provider' }) as string | undefined;
  if (provider === 'sendgrid') {
    return (
      <>
        <SecretInput source="apiKey" />
        <TextInput
          source="eventWebhookKey"
          fullWidth
          multiline
          autoComplete="off"
          helperText="Dal «Signed Event Webhook» di SendGrid, con indirizzo …/api/email/events/sendgrid: consegne, rifiuti e segnalazioni di spam arrivano nel registro."
        />
      </>
    );
  }
  return (
    <>
      <TextInput source="host" fullWidth helperText="Es. smtp.example.com" />
      <NumberInput source="port" min={1} max={65535} step={1} helperText="587 (STARTTLS) o 465 (TLS)" />
      <BooleanInput source="secure" />
      <TextInput source="user" fullWidth autoComplete="off" />
      <SecretInput source="password" clearSource="clearPassword" password />
    </>
  );
}

/** Only the fields the admin edits: the answer's own (masks' flags, notSending) are not sent back. */
const editable = [
  'provider',
  'host',
  'port',
  'secure',
  'user',
  'password',
  'apiKey',
  'fromName',
  'fromAddress',
  'replyTo',
  'isEnabled',
  'maxEmailsPerHour',
  'useEnvironmentVars',
  'trackOpens',
  'trackClicks',
  'eventWebhookKey',
  'clearPassword',
  'clearApiKey',
];
const transform = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([key]) => editable.includes(key)));

/** Tab "Impostazioni": spec §3 email_settings (secrets masked), why mails wait, and the test mail. */
export function EmailSettingsTab() {
  const site = useSiteName();
  return (
    <SettingsPage resource="email-settings" title="E-mail" transform={transform}>
      <NotSendingBanner />
      <BooleanInput source="isEnabled" />
      <SelectInput source="provider" choices={providerChoices} validate={[]} />
      <ServiceFields />
      <TextInput source="fromName" fullWidth />
      <TextInput source="fromAddress" type="email" fullWidth />
      <TextInput source="replyTo" type="email" fullWidth />
      <NumberInput source="maxEmailsPerHour" min={1} step={1} />
      <BooleanInput source="useEnvironmentVars" helperText="Le variabili SMTP_* dell’ambiente impostate vincono sui campi qui sopra." />
      <BooleanInput source="trackOpens" helperText="Un’immagine invisibile nelle e-mail HTML segna la prima apertura nel registro." />
      <BooleanInput source="trackClicks" helperText={`I link delle e-mail HTML passano da ${site}, che segna ogni clic nel registro.`} />
      <TestEmail />
    </SettingsPage>
  );
}
