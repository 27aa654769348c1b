import { Alert, Box, LinearProgress } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { roleLabels, type Role } from '../../../lib/types';
import { ChartCard, PeriodSelect, RankingChart, RevenuePerDay, useChartColors } from '../../../components/charts';
import { formatChartDay } from '../../../lib/dates';
import type { AdminDataProvider, Analytics } from '../../../admin/dataProvider';

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
  const colors = useChartColors();

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
              series={[{ label: 'Ordini', data: data.ordersPerDay.map((d) => d.orders), color: colors.count }]}
            />
          </ChartCard>
          <ChartCard title="Incasso al giorno" empty={!data.ordersPerDay.length}>
            <RevenuePerDay rows={data.ordersPerDay} />
          </ChartCard>
          <ChartCard title="Negozi con più incasso" empty={!data.topStores.length}>
            <RankingChart label="Incasso" names={data.topStores.map((s) => s.name)} values={data.topStores.map((s) => s.revenue)} money />
          </ChartCard>
          <ChartCard title="Prodotti più venduti" empty={!data.topProducts.length}>
            <RankingChart label="Pezzi venduti" names={data.topProducts.map((p) => p.name)} values={data.topProducts.map((p) => p.units)} />
          </ChartCard>
          <ChartCard title="Nuovi utenti per ruolo" empty={!users.days.length}>
            <BarChart height={280} xAxis={[{ scaleType: 'band', data: users.days.map(formatChartDay) }]} yAxis={[{ tickMinStep: 1 }]} series={users.series} />
          </ChartCard>
        </Box>
      )}
    </>
  );
}
