import { Alert, Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText } from '../../lib/client';
import { useSiteName } from '../site-settings/api';

/**
 * The test payments' hosted pages (a payment, a shop's account), where a provider's own would be:
 * the warning that nothing real happens, the card, and the read's states (loading, not found, not
 * logged in: `query.data` null). `children` once the record is there.
 */
export function SandboxFrame({
  warning,
  what,
  query,
  notFound,
  whoLogsIn,
  children,
}: {
  warning: ReactNode;
  /** After the site's name on the card: «Pagamento», «Conto di pagamento». */
  what: string;
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown; data: unknown };
  notFound: string;
  /** Who is asked to log in, when nobody is: «con l’account che ha avviato il pagamento». */
  whoLogsIn: string;
  children: ReactNode;
}) {
  const siteName = useSiteName();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100', py: { xs: 3, md: 8 } }}>
      <Container maxWidth="sm">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography variant="overline" color="text.secondary">
              {siteName} · {what}
            </Typography>
            {query.isPending && <Typography sx={{ my: 3 }}>Caricamento...</Typography>}
            {query.isError && (
              <Alert severity="error" sx={{ my: 2 }}>
                {errorText(query.error, notFound)}
              </Alert>
            )}
            {query.isSuccess && query.data === null && (
              <Stack spacing={2} sx={{ my: 2 }}>
                <Typography>Accedi {whoLogsIn} per continuare.</Typography>
                <Button component={RouterLink} to="/auth" variant="contained" sx={{ alignSelf: 'flex-start' }}>
                  Accedi
                </Button>
              </Stack>
            )}
            {query.isSuccess && query.data !== null && children}
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
