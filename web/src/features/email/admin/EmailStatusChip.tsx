import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { labelOf, type Choice } from '../../../admin/shared/choices';

const colors: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  delivered: 'success',
  opened: 'success',
  clicked: 'success',
  deferred: 'warning',
  retried: 'info',
  failed: 'error',
  bounced: 'error',
  interrupted: 'error',
  complained: 'error',
  unsubscribed: 'default',
  cancelled: 'default',
};

/** A mail's status or a log line's outcome as a coloured chip with its Italian name. */
export function EmailStatusChip({ source, choices }: { source: string; choices: Choice[]; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  const value = record[source] as string;
  return <Chip size="small" label={labelOf(choices, value)} color={colors[value] ?? 'default'} />;
}
