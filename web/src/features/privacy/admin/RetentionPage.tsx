import { Alert, Box, Card, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { errorText } from '../../../lib/client';
import { formatDateTime } from '../../../lib/dates';
import { useRetentionRuns } from '../api';

/**
 * /admin/retention: how long each kind of personal data is kept (the table of privacy/retention.ts,
 * issue [21]), and what the upkeep removed at its last hourly run of each rule and in all.
 */
export function RetentionPage() {
  const { data, error, isPending } = useRetentionRuns();
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Conservazione dei dati" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        Per quanto tempo Vicino conserva ogni tipo di dato personale. Ogni ora la manutenzione toglie quello che ha superato il suo tempo; la stessa tabella è nell’informativa
        sulla privacy.
      </Typography>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{errorText(error, 'Tabella non disponibile: riprova tra poco.')}</Alert>}
      {data && (
        <Card>
          <TableContainer>
            <Table size="small" aria-label="Conservazione dei dati">
              <TableHead>
                <TableRow>
                  <TableCell>Dato</TableCell>
                  <TableCell>Conservato</TableCell>
                  <TableCell>Perché</TableCell>
                  <TableCell>Ultima applicazione</TableCell>
                  <TableCell align="right">Tolti l’ultima volta</TableCell>
                  <TableCell align="right">Tolti in tutto</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((rule) => (
                  <TableRow key={rule.key}>
                    <TableCell sx={{ minWidth: 200 }}>{rule.what}</TableCell>
                    <TableCell sx={{ minWidth: 120 }}>{rule.keptFor}</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>{rule.why}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{!rule.applied ? 'Nessuna manutenzione' : rule.ranAt ? formatDateTime(rule.ranAt) : 'Non ancora'}</TableCell>
                    <TableCell align="right">{rule.removed ?? '—'}</TableCell>
                    <TableCell align="right">{rule.applied ? rule.removedInAll : '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
    </Box>
  );
}
