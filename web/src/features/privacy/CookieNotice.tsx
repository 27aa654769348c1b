import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../app/auth';
import { toast } from '../../components/toast/toast-store';
import { errorText } from '../../lib/client';
import { useAnswerConsent, useCookiesInfo, useMyConsents } from './api';

/** Where this browser keeps that the notice was read: only technical cookies, nothing to answer. */
const readKey = 'vicino-avviso-cookie';

const readAlready = (): boolean => {
  try {
    return window.localStorage.getItem(readKey) !== null;
  } catch {
    return false;
  }
};

/**
 * The cookie notice (issue [21], the Garante's guidelines of 2021): Vicino uses only technical
 * cookies, said once and closed with the X. When the admin turned the e-mails' tracking on, a
 * signed-in person who never answered is asked: «Accetta» and «Rifiuta» side by side, the X
 * refuses; the answer is their consent, kept with its text and time. Never a wall: the site works
 * behind it, whatever the answer.
 */
export function CookieNotice() {
  const { user } = useAuth();
  const info = useCookiesInfo();
  const consents = useMyConsents(Boolean(user) && info.data?.emailTracking === true);
  const answer = useAnswerConsent();
  const [closed, setClosed] = useState(readAlready);
  const tracking = consents.data?.consents.find((c) => c.kind === 'email-tracking');
  const ask = Boolean(user) && info.data?.emailTracking === true && tracking !== undefined && tracking.granted === null;
  if (!ask && (closed || !info.data)) return null;

  const close = () => {
    try {
      window.localStorage.setItem(readKey, new Date().toISOString());
    } catch {
      // A browser that keeps nothing shows the notice again next time: nothing else to do.
    }
    setClosed(true);
  };
  const reply = async (granted: boolean) => {
    try {
      await answer.mutateAsync({ kind: 'email-tracking', granted, source: 'notice' });
      close();
    } catch (error) {
      toast({ title: 'Risposta non salvata', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' });
    }
  };

  return (
    <Paper
      component="section"
      role="region"
      aria-label="Avviso sui cookie"
      elevation={8}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        left: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 16 },
        maxWidth: 560,
        p: 2,
        pr: 6,
      }}
    >
      <IconButton
        aria-label={ask ? 'Chiudi e rifiuta la misura delle e-mail' : 'Chiudi l’avviso'}
        onClick={() => (ask ? void reply(false) : close())}
        size="small"
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {ask ? 'Possiamo misurare le nostre e-mail?' : 'Solo cookie tecnici'}
      </Typography>
      {ask ? (
        <Typography variant="body2">
          {tracking?.text} <Link href="/privacy#cookie">Informativa e cookie</Link>
        </Typography>
      ) : (
        <Typography variant="body2">
          Vicino usa solo cookie tecnici, necessari per farti accedere e tenere il tuo carrello: nessun cookie di profilazione né di terze parti.{' '}
          <Link href="/privacy#cookie">Informativa e cookie</Link>
        </Typography>
      )}
      {ask && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Box sx={{ flex: 1, display: 'flex', gap: 1 }}>
            <Button variant="outlined" onClick={() => void reply(false)} disabled={answer.isPending} sx={{ flex: 1 }}>
              Rifiuta
            </Button>
            <Button variant="outlined" onClick={() => void reply(true)} disabled={answer.isPending} sx={{ flex: 1 }}>
              Accetta
            </Button>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
