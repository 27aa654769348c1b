import { Alert, Box, Card, CardContent, LinearProgress, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { errorText } from '../../../lib/client';
import { useShopAnalytics } from '../api';
import { ChartCard, PeriodSelect, RevenuePerDay, useChartColors } from '../../../components/charts';
import { formatChartDay } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { useSiteName } from '../../site-settings/api';

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1 });

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {value}
        </Typography>
        {hint && (
          <Typography color="text.secondary" variant="body2">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** /shopkeeper/analytics: the shop's sales per day, hour and product, best sellers, visits against orders. */
export default function ShopAnalyticsPage() {
  const site = useSiteName();
  const [days, setDays] = useState(30);
  const [storeId, setStoreId] = useState<string | null>(null);
  const { data, error, isPending } = useShopAnalytics(days, storeId);
  const { palette } = useTheme();
  const colors = useChartColors();
  const quiet = (rows: { orders: number }[]) => rows.every((r) => r.orders === 0);

  return (
    <>
      <DashboardHeader
        title="Statistiche"
        subtitle="Vendite e visite del tuo negozio"
        aside={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {data && data.stores.length > 1 && (
              <TextField select size="small" label="Negozio" value={storeId ?? ''} onChange={(e) => setStoreId(e.target.value || null)} sx={{ minWidth: 180 }}>
                <MenuItem value="">Tutti i negozi</MenuItem>
                {data.stores.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <PeriodSelect days={days} onChange={setDays} />
          </Box>
        }
      />
      {isPending && <LinearProgress aria-label="Caricamento delle statistiche" />}
      {error && <Alert severity="error">{errorText(error, 'Statistiche non disponibili: riprova tra poco.')}</Alert>}
      {data && !data.stores.length && <Alert severity="info">Le statistiche arrivano quando il tuo negozio è aperto su {site}.</Alert>}
      {data && data.stores.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
            <Figure label="Ordini" value={String(data.totals.orders)} />
            <Figure label="Incasso" value={formatMoney(data.totals.revenue)} hint="Ordini annullati esclusi" />
            <Figure label="Visite alla pagina" value={String(data.totals.views)} />
            <Figure label="Conversione" value={data.totals.conversion === null ? '—' : percent.format(data.totals.conversion)} hint="Ordini sulle visite alla pagina" />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
            <ChartCard outlined title="Vendite al giorno" empty={quiet(data.perDay)}>
              <RevenuePerDay rows={data.perDay} />
            </ChartCard>
            <ChartCard outlined title="Visite e ordini al giorno" empty={data.perDay.every((d) => d.orders === 0 && d.views === 0)}>
              <LineChart
                height={280}
                xAxis={[{ scaleType: 'point', data: data.perDay.map((d) => formatChartDay(d.day)) }]}
                yAxis={[{ tickMinStep: 1 }]}
                series={[
                  { label: 'Visite', data: data.perDay.map((d) => d.views), color: palette.info.main },
                  { label: 'Ordini', data: data.perDay.map((d) => d.orders), color: colors.count },
                ]}
              />
            </ChartCard>
            <ChartCard outlined title="Ordini per ora del giorno" empty={quiet(data.perHour)}>
              <BarChart
                height={280}
                xAxis={[{ scaleType: 'band', data: data.perHour.map((h) => `${h.hour}`), label: 'Ora' }]}
                yAxis={[{ tickMinStep: 1 }]}
                series={[{ label: 'Ordini', data: data.perHour.map((h) => h.orders), color: colors.count }]}
              />
            </ChartCard>
            <ChartCard outlined title="Prodotti più venduti" empty={!data.bestSellers.length}>
              <Table size="small" aria-label="Prodotti più venduti">
                <TableHead>
                  <TableRow>
                    <TableCell>Prodotto</TableCell>
                    <TableCell align="right">Pezzi</TableCell>
                    <TableCell align="right">Incasso</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.bestSellers.map((p) => (
                    <TableRow key={p.productId}>
                      <TableCell sx={{ overflowWrap: 'break-word', minWidth: '8em' }}>{p.name}</TableCell>
                      <TableCell align="right">{p.units}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(p.revenue)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ChartCard>
          </Box>
        </Box>
      )}
    </>
  );
}
