import { Chip, type ChipProps } from '@mui/material';
import { orderStatusLabels } from '@labels/orders';

/** The colour of each order state; its Italian label is the orders module's (spec §4, src/modules/orders/labels.ts). */
const orderColors: Record<keyof typeof orderStatusLabels, ChipProps['color']> = {
  pending: 'warning',
  preparing: 'info',
  ready: 'primary',
  shipping: 'secondary',
  completed: 'success',
  cancelled: 'default',
};

/** Italian labels and colours of order, store and task states (spec §4). */
const states: Record<string, { label: string; color: ChipProps['color'] }> = {
  ...Object.fromEntries(Object.entries(orderColors).map(([status, color]) => [status, { label: orderStatusLabels[status as keyof typeof orderColors], color }])),
  active: { label: 'Attivo', color: 'success' },
  suspended: { label: 'Sospeso', color: 'error' },
  accepted: { label: 'Accettato', color: 'info' },
  in_progress: { label: 'In corso', color: 'secondary' },
};

export function StatusBadge({ status, kind }: { status: string; kind?: 'store' }) {
  const state = kind === 'store' && status === 'pending' ? { label: 'In approvazione', color: 'warning' as const } : states[status];
  return <Chip size="small" label={state?.label ?? status} color={state?.color ?? 'default'} />;
}
