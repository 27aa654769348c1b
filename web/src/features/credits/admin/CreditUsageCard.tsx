import { Alert, Box, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResponseOf } from '@platform/http/contract';
import type { creditsApi } from '@contracts/credits';
import { ChartCard, CreditsPerFunction, PeriodSelect, usagePerFunction } from '../../../components/charts';
import { apiGet, errorText } from '../../../lib/client';
import { aiFunctionLabels } from '@pure/ai/function-names';

type CreditUsage = ResponseOf<typeof creditsApi.usage>;

const title = 'Crediti usati per funzione e per giorno';

/** A function's Italian name; an action without one (a function added since) as it is called. */
const labelOf = (action: string): string => aiFunctionLabels[action] ?? action;

/** The credits the AI functions used, per day and function, over the last 7, 30 or 90 days. */
export function CreditUsageCard() {
  const [days, setDays] = useState(30);
  const { data, error, isPending } = useQuery({
    queryKey: ['credits-usage', days],
    queryFn: () => apiGet<CreditUsage>(`/api/admin/credits-usage?days=${days}`),
  });
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <PeriodSelect days={days} onChange={setDays} />
      </Box>
      {isPending && <LinearProgress aria-label="Caricamento dell’uso dei crediti" />}
      {error && <Alert severity="error">{errorText(error, 'Uso dei crediti non disponibile.')}</Alert>}
      {data && (
        <ChartCard title={title} empty={!data.days.length} outlined>
          <CreditsPerFunction usage={usagePerFunction(data.days, days, { labelOf })} />
        </ChartCard>
      )}
    </Box>
  );
}
