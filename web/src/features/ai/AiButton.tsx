import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../lib/client';
import { creditsText, useAiCall, useAiFunctions, type AiAnswer, type AiFunctionName } from './api';

/** Where credits are bought. */
export const creditsPage = '/shopkeeper/credits';

/**
 * A button that asks an AI function and gives its answer to the form (which fills its field: the
 * shopkeeper may still change it before saving). Before use it shows what it costs and the
 * balance; without enough credits it is off, with the way to buy more; while the model writes it
 * says so; a failure shows the server's message (which says the credits were not charged).
 * `input` is read at the click, so it takes what the form holds then; null means "not yet":
 * `missing` says what to fill first.
 */
export function AiButton({
  functionName,
  label,
  input,
  onAnswer,
  missing = 'Compila prima i campi richiesti.',
}: {
  functionName: AiFunctionName;
  label: string;
  input: () => Record<string, unknown> | null;
  onAnswer: (answer: AiAnswer) => void;
  missing?: string;
}) {
  const { data, isLoading } = useAiFunctions();
  const call = useAiCall(functionName);
  const [hint, setHint] = useState<string | null>(null);
  const cost = data?.functions.find((f) => f.functionName === functionName)?.creditsCost ?? 1;
  const short = data ? data.balance < cost : false;
  const off = !data || !data.available || short || call.isPending;

  const ask = () => {
    const given = input();
    call.reset();
    setHint(given ? null : missing);
    if (given) call.mutate(given, { onSuccess: onAnswer });
  };
  return (
    <Box sx={{ display: 'grid', gap: 0.75, justifyItems: 'start' }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          onClick={ask}
          disabled={off}
          startIcon={call.isPending ? <CircularProgress size={16} color="inherit" /> : <AutoAwesomeIcon />}
          aria-busy={call.isPending}
        >
          {call.isPending ? 'L’AI sta scrivendo…' : label}
        </Button>
        {data && (
          <Typography variant="body2" color="text.secondary" aria-label={`Costo ${creditsText(cost)}, saldo ${data.balance}`}>
            {creditsText(cost)} · saldo {data.balance}
          </Typography>
        )}
        {isLoading && (
          <Typography variant="body2" color="text.secondary">
            Lettura dei crediti…
          </Typography>
        )}
      </Box>
      {data && !data.available && (
        <Typography variant="body2" color="text.secondary">
          {data.unavailableReason}
        </Typography>
      )}
      {data?.available && short && (
        <Typography variant="body2" color="warning.main">
          Crediti insufficienti: ne servono {cost}, ne hai {data.balance}.{' '}
          <MuiLink component={Link} to={creditsPage}>
            Acquista crediti
          </MuiLink>
        </Typography>
      )}
      {hint && (
        <Alert severity="info" role="alert" sx={{ py: 0 }}>
          {hint}
        </Alert>
      )}
      {call.isError && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {errorText(call.error, 'Il servizio AI non ha risposto: i crediti non sono stati addebitati. Riprova tra poco.')}
        </Alert>
      )}
    </Box>
  );
}
