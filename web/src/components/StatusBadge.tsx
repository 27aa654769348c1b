import { Chip, type ChipProps } from '@mui/material';

/** Italian labels and colours of order, store and task states (spec §4). */
const states: Record<string, { label: string; color: ChipProps['color'] }> = {
  pending: { label: 'In attesa', color: 'warning' },
  preparing: { label: 'In preparazione', color: 'info' },
  ready: { label: 'Pronto', color: 'primary' },
  shipping: { label: 'In consegna', color: 'secondary' },
  completed: { label: 'Completato', color: 'success' },
  cancelled: { label: 'Annullato', color: 'default' },
  active: { label: 'Attivo', color: 'success' },
  suspended: { label: 'Sospeso', color: 'error' },
  accepted: { label: 'Accettato', color: 'info' },
  in_progress: { label: 'In corso', color: 'secondary' },
};

export function StatusBadge({ status, kind }: { status: string; kind?: 'store' }) {
  const state = kind === 'store' && status === 'pending' ? { label: 'In approvazione', color: 'warning' as const } : states[status];
  return <Chip size="small" label={state?.label ?? status} color={state?.color ?? 'default'} />;
}
