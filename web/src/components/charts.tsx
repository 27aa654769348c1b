import { Card, CardContent, MenuItem, TextField, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { addDays, formatChartDay, romeToday } from '../lib/dates';
import { formatMoney } from '../lib/money';

/* The analytics' charts (admin and shop), in the site's words and colours. */

/** An amount in a chart's tooltip as the site writes it ("€ 12,50"); on an axis, without the cents of a whole amount. */
const moneyValue = (v: number | null) => (v === null ? '' : formatMoney(v));
const moneyTick = (v: number) => formatMoney(v, { short: true });

/** The site's own colours (site settings): the secondary for counts, the primary's darker shade for money. */
export function useChartColors() {
  const { palette } = useTheme();
  return { count: palette.secondary.main, money: palette.primary.dark };
}

/** Revenue per day, as bars. */
export function RevenuePerDay({ rows }: { rows: { day: string; revenue: number }[] }) {
  const colors = useChartColors();
  return (
    <BarChart
      height={280}
      xAxis={[{ scaleType: 'band', data: rows.map((d) => formatChartDay(d.day)) }]}
      yAxis={[{ valueFormatter: moneyTick }]}
      series={[{ label: 'Incasso', data: rows.map((d) => d.revenue), valueFormatter: moneyValue, color: colors.money }]}
    />
  );
}

/** A ranking (top stores, best sellers) as horizontal bars, tall enough for every name: of money, or of a count. */
export function RankingChart({ label, names, values, money = false }: { label: string; names: string[]; values: number[]; money?: boolean }) {
  const colors = useChartColors();
  return (
    <BarChart
      height={Math.max(200, names.length * 36 + 60)}
      layout="horizontal"
      xAxis={[money ? { valueFormatter: moneyTick } : { tickMinStep: 1 }]}
      yAxis={[{ scaleType: 'band', data: names, width: 120 }]}
      series={[money ? { label, data: values, valueFormatter: moneyValue, color: colors.money } : { label, data: values, color: colors.count }]}
    />
  );
}

/**
 * Credits used per function per day as a timeline: every day of the last `days` up to `today`
 * (Rome), empty ones included so that quiet days show as gaps, and one series a function.
 */
export function usagePerFunction(
  rows: { day: string; action: string; credits: number }[],
  days: number,
  { today = romeToday(), labelOf = (action: string) => action }: { today?: string; labelOf?: (action: string) => string } = {},
) {
  const first = addDays(today, 1 - days);
  // The period starts `days` × 24 h back, so its first hours may fall on the day before `first`.
  const timeline = [...new Set([...rows.map((r) => r.day).filter((d) => d < first), ...Array.from({ length: days }, (_, i) => addDays(first, i))])].sort();
  const actions = [...new Set(rows.map((r) => r.action))].sort();
  const series = actions.map((action) => ({
    label: labelOf(action),
    data: timeline.map((d) => rows.find((r) => r.day === d && r.action === action)?.credits ?? 0),
  }));
  return { days: timeline, series };
}

/** Credits used per day, each day's bar stacked by AI function. */
export function CreditsPerFunction({ usage }: { usage: ReturnType<typeof usagePerFunction> }) {
  return (
    <BarChart
      height={320}
      xAxis={[{ scaleType: 'band', data: usage.days.map(formatChartDay) }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={usage.series.map((s) => ({ ...s, stack: 'crediti' }))}
    />
  );
}

/** A chart under its title, or "no data" when the period has none (admin and shop analytics). */
export function ChartCard({ title, empty, children, outlined = false }: { title: string; empty: boolean; children: ReactNode; outlined?: boolean }) {
  return (
    <Card component="section" aria-label={title} variant={outlined ? 'outlined' : 'elevation'}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {empty ? (
          <Typography color="text.secondary" sx={{ py: 4 }}>
            Nessun dato nel periodo.
          </Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/** The period the analytics cover: the last 7, 30 or 90 days. */
export function PeriodSelect({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <TextField select size="small" label="Periodo" value={days} onChange={(e) => onChange(Number(e.target.value))} sx={{ minWidth: 180 }}>
      <MenuItem value={7}>Ultimi 7 giorni</MenuItem>
      <MenuItem value={30}>Ultimi 30 giorni</MenuItem>
      <MenuItem value={90}>Ultimi 90 giorni</MenuItem>
    </TextField>
  );
}
