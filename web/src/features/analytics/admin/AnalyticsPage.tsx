import { Alert, Box, LinearProgress, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { roleLabels, type Role } from '../../../lib/types';
import { ChartCard, PeriodSelect } from '../../../components/charts';
import { formatChartDay } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import type { AdminDataProvider, Analytics } from '../../../admin/dataProvider';

const money = (v: number | null) => (v === null ? '' : formatMoney(v));
const roles = Object.keys(roleLabels) as Role[];

/** New users of each role per day, one series per role. */
function usersPerRole(rows: Analytics['newUsersPerRole']) {
  const days = [...new Set(rows.map((r) => r.day))].sort();
  const series = roles.map((role) => ({
    label: roleLabels[role],
    stack: 'utenti',
    data: days.map((d) => rows.find((r) => r.day === d && r.role === role)?.count ?? 0),
  }));
  return { days, series };
}

/** /admin/analytics: orders and revenue per day, top stores and products, new users per role (built by their own projections). */
export function AnalyticsPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [days, setDays] = useState(30);
  const { data, error, isPending } = useQuery({ queryKey: ['analytics', days], queryFn: () => dataProvider.analytics(days) });
  const users = data ? usersPerRole(data.newUsersPerRole) : null;
  // The site's own colours (site settings): the secondary for counts, the primary's darker shade for money.
  const { palette } = useTheme();
  const countColor = palette.secondary.main;
  const moneyColor = palette.primary.dark;

  return (
    <>
      <Title title="Analisi" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: 2 }}>
        <PeriodSelect days={days} onChange={setDays} />
      </Box>
      {isPending && <LinearProgress aria-label="Caricamento delle analisi" />}
      {error && <Alert severity="error">{error.message || 'Analisi non disponibili.'}</Alert>}
      {data && users && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
          <ChartCard title="Ordini al giorno" empty={!data.ordersPerDay.length}>
            <LineChart
              height={280}
              xAxis={[{ scaleType: 'point', data: data.ordersPerDay.map((d) => formatChartDay(d.day)) }]}
              yAxis={[{ tickMinStep: 1 }]}
              series={[{ label: 'Ordini', data: data.ordersPerDay.map((d) => d.orders), color: countColor }]}
            />
          </ChartCard>
          <ChartCard title="Incasso al giorno" empty={!data.ordersPerDay.length}>
            <BarChart
              height={280}
              xAxis={[{ scaleType: 'band', data: data.ordersPerDay.map((d) => formatChartDay(d.day)) }]}
              yAxis={[{ valueFormatter: (v: number) => formatMoney(v, { short: true }) }]}
              series={[{ label: 'Incasso', data: data.ordersPerDay.map((d) => d.revenue), valueFormatter: money, color: moneyColor }]}
            />
          </ChartCard>
          <ChartCard title="Negozi con più incasso" empty={!data.topStores.length}>
            <BarChart
              height={Math.max(200, data.topStores.length * 36 + 60)}
              layout="horizontal"
              xAxis={[{ valueFormatter: (v: number) => formatMoney(v, { short: true }) }]}
              yAxis={[{ scaleType: 'band', data: data.topStores.map((s) => s.name), width: 120 }]}
              series={[{ label: 'Incasso', data: data.topStores.map((s) => s.revenue), valueFormatter: money, color: moneyColor }]}
            />
          </ChartCard>
          <ChartCard title="Prodotti più venduti" empty={!data.topProducts.length}>
            <BarChart
              height={Math.max(200, data.topProducts.length * 36 + 60)}
              layout="horizontal"
              xAxis={[{ tickMinStep: 1 }]}
              yAxis={[{ scaleType: 'band', data: data.topProducts.map((p) => p.name), width: 120 }]}
              series={[{ label: 'Pezzi venduti', data: data.topProducts.map((p) => p.units), color: countColor }]}
            />
          </ChartCard>
          <ChartCard title="Nuovi utenti per ruolo" empty={!users.days.length}>
            <BarChart height={280} xAxis={[{ scaleType: 'band', data: users.days.map(formatChartDay) }]} yAxis={[{ tickMinStep: 1 }]} series={users.series} />
          </ChartCard>
        </Box>
      )}
    </>
  );
}
