import { Chip, Stack } from '@mui/material';
import { refundStatusLabels, reportStatusLabels, reportTypeLabels, severityLabels } from '@pure/reports/labels';
import type { TimelineStep } from '../../components/Timeline';
import { formatDateTime } from '../../lib/dates';
import type { Report, ReportWithTimeline } from './api';

const statusColor = { open: 'warning', investigating: 'info', resolved: 'success', closed: 'default' } as const;
const severityColor = { low: 'default', medium: 'default', high: 'warning', critical: 'error' } as const;

/** The report's state, type and severity at a glance. */
export function ReportChips({ report: r }: { report: Report }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" color={statusColor[r.status]} label={reportStatusLabels[r.status]} />
      <Chip size="small" variant="outlined" label={reportTypeLabels[r.reportType]} />
      <Chip size="small" variant="outlined" color={severityColor[r.severity]} label={`Gravità ${severityLabels[r.severity].toLowerCase()}`} />
      {r.refundStatus !== 'none' && <Chip size="small" color={r.refundStatus === 'paid' ? 'success' : 'info'} label={refundStatusLabels[r.refundStatus]} />}
    </Stack>
  );
}

/** The report's steps as the Timeline shows them: what, when, by whom, with the words left. */
export const timelineSteps = (r: ReportWithTimeline): TimelineStep[] =>
  r.timeline.map((s, i) => ({
    key: `${s.type}-${i}`,
    title: s.label,
    detail: `${formatDateTime(s.at)}${s.byName ? ` · ${s.byName}` : ''}${s.byRole ? ` (${s.byRole})` : ''}`,
    note: s.summary,
  }));
