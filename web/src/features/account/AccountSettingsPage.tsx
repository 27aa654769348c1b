import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Box, Button, FormControlLabel, Skeleton, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useLogoutEverywhere, useNoticePreferences, useSaveNoticePreference, type NoticePreference } from './api';
import { errorText } from '../../lib/client';
import { roleLabels } from '../../lib/types';
import { useAuth } from '../../app/auth';
import { toast } from '../../components/toast/toast-store';
import { DashboardHeader } from '../../components/DashboardHeader';
import { PasswordForm, ProfileForm } from './ProfilePage';
import { FormSection } from '../../components/form-kit';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { noticeKindText } from './notice-kinds';
import { PushSection } from './PushSection';

/**
 * /customer/settings and /shopkeeper/settings: which notices arrive and how, the devices; the
 * shopkeeper's name, e-mail and password too (a customer keeps those in /customer/profile, linked here).
 */
export default function AccountSettingsPage() {
  const { user } = useAuth();
  const customer = user!.role === 'customer';
  return (
    <>
      <DashboardHeader title="Impostazioni account" subtitle={`${user!.username} · ${roleLabels[user!.role]}`} />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
        {customer ? (
          <FormSection title="Profilo e password" description="Il nome, l’e-mail e la password si cambiano nel tuo profilo.">
            <Button component={RouterLink} to="/customer/profile" variant="outlined" sx={{ justifySelf: 'start' }}>
              Vai al profilo
            </Button>
          </FormSection>
        ) : (
          <>
            <ProfileForm description="Il tuo nome e l’e-mail a cui ti scriviamo." />
            <PasswordForm />
          </>
        )}
        <NoticesSection />
        <PushSection />
        <DevicesSection />
      </Box>
    </>
  );
}

function NoticesSection() {
  const { user } = useAuth();
  const { data, error, isPending } = useNoticePreferences();
  const save = useSaveNoticePreference();
  const change = (pref: NoticePreference, channel: 'live' | 'email', on: boolean) =>
    save.mutate(
      { kind: pref.kind, [channel]: on },
      {
        onError: (e) => toast({ title: 'Preferenza non salvata', description: errorText(e, 'Riprova tra poco.'), variant: 'destructive' }),
      },
    );
  return (
    <FormSection title="Avvisi" description="Quali avvisi ti arrivano subito, sulla pagina aperta e sul telefono, e quali per e-mail. Li trovi comunque tutti nelle notifiche.">
      {isPending && <Skeleton variant="rounded" height={120} />}
      {error && <Alert severity="error">{errorText(error, 'Preferenze non disponibili: riprova tra poco.')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {data?.preferences.map((pref) => {
          const text = noticeKindText(pref.kind, user!.role);
          return (
            <Box key={pref.kind} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, minWidth: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
                {text.label}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {text.description}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, alignItems: 'center' }}>
                <FormControlLabel control={<Switch checked={pref.live} onChange={(_, on) => change(pref, 'live', on)} disabled={save.isPending} />} label="In tempo reale" />
                <FormControlLabel control={<Switch checked={pref.email} onChange={(_, on) => change(pref, 'email', on)} disabled={save.isPending} />} label="Per e-mail" />
              </Box>
            </Box>
          );
        })}
      </Box>
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Le e-mail sulla sicurezza dell’account (come il cambio della password) arrivano comunque.
        </Typography>
      )}
    </FormSection>
  );
}

function DevicesSection() {
  const navigate = useNavigate();
  const logoutEverywhere = useLogoutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const onConfirm = async () => {
    try {
      const { message } = await logoutEverywhere.mutateAsync();
      setConfirming(false);
      toast({ title: message, variant: 'success' });
      void navigate('/auth', { replace: true });
    } catch (e) {
      toast({ title: 'Uscita non riuscita', description: errorText(e, 'Riprova tra poco.'), variant: 'destructive' });
    }
  };
  return (
    <FormSection title="Dispositivi" description="Hai lasciato l’account aperto su un telefono o un computer che non usi più? Chiudi tutte le sessioni, anche questa.">
      <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={() => setConfirming(true)} sx={{ justifySelf: 'start' }}>
        Esci da tutti i dispositivi
      </Button>
      <ConfirmDialog
        id="logout-everywhere"
        open={confirming}
        title="Uscire da tutti i dispositivi?"
        text="Ogni sessione aperta con il tuo account si chiude subito, anche questa: dovrai accedere di nuovo."
        confirm={{ label: 'Esci ovunque', busyLabel: 'Uscita…', busy: logoutEverywhere.isPending, onConfirm: onConfirm }}
        onClose={() => setConfirming(false)}
      />
    </FormSection>
  );
}
