import KeyIcon from '@mui/icons-material/Key';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { BooleanInput, Labeled, TextField, TextInput, useRecordContext } from 'react-admin';
import { useAdminCall } from '../../../admin/shared/moves';
import { apiRequest } from '../../../lib/client';
import { SettingsPage } from './SettingsPage';

/** The address a phone client calls, with a link to open it. */
function UrlField({ source }: { source: 'apiUrl' | 'docsUrl' | 'openApiUrl' }) {
  const record = useRecordContext();
  const url = record?.[source] as string | undefined;
  if (!url) return null;
  return (
    <Labeled source={source} fullWidth>
      <Link href={url} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {url}
        {source !== 'apiUrl' && <OpenInNewIcon fontSize="inherit" aria-hidden />}
      </Link>
    </Labeled>
  );
}

/** Generates the VAPID key pair on the server; replacing one asks first, since subscribed devices must subscribe again. */
function GenerateKeysButton() {
  const record = useRecordContext();
  const { busy, call } = useAdminCall('Chiavi non generate: riprova tra poco.');
  const [asking, setAsking] = useState(false);
  const hasKeys = Boolean(record?.publicKey);
  const generate = async () => {
    await call(() => apiRequest('POST', '/api/admin/mobile-api-settings/current/vapid-keys'), 'Nuove chiavi VAPID generate.');
    setAsking(false);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => (hasKeys ? setAsking(true) : generate())} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {hasKeys ? 'Genera nuove chiavi' : 'Genera le chiavi VAPID'}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="vapid-title">
        <DialogTitle id="vapid-title">Sostituire le chiavi VAPID?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            I {record?.subscriptions ?? 0} dispositivi iscritti smetteranno di ricevere le notifiche finché i loro utenti non le riattivano dalle impostazioni.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Annulla</Button>
          <Button color="error" variant="contained" onClick={generate} disabled={busy}>
            Genera nuove chiavi
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%', mb: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * /admin/mobile-api-settings: what phone clients need — the API's address and documentation —
 * and Web Push: the VAPID keys the server generates (the private one masked), the contact and the switch.
 */
export function MobileApiSettingsPage() {
  return (
    <SettingsPage resource="mobile-api-settings" title="API per le app" transform={({ isEnabled, contactEmail }: Record<string, unknown>) => ({ isEnabled, contactEmail })}>
      <Section title="Indirizzi per le app">
        <UrlField source="apiUrl" />
        <UrlField source="docsUrl" />
        <UrlField source="openApiUrl" />
      </Section>
      <Section title="Notifiche push (Web Push)">
        <Alert severity="info">
          Con le notifiche push attive, clienti e negozianti possono ricevere gli avvisi in tempo reale anche a pagina chiusa, sul telefono e sul computer, attivandole dalle loro
          impostazioni.
        </Alert>
        <BooleanInput source="isEnabled" />
        <TextInput source="contactEmail" type="email" fullWidth helperText="I servizi push (Google, Mozilla, Apple) la usano per contattarvi in caso di problemi." />
        <TextInput source="publicKey" fullWidth readOnly multiline helperText="La usano le pagine per iscrivere il dispositivo." />
        <TextInput source="privateKey" fullWidth readOnly helperText="Generata dal server e mostrata solo in parte." />
        <GenerateKeysButton />
        <Labeled source="subscriptions">
          <TextField source="subscriptions" />
        </Labeled>
      </Section>
    </SettingsPage>
  );
}
