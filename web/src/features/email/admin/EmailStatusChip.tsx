import type { Choice } from '../../../admin/shared/choices';
import { StatusField, type StatusColors } from '../../../admin/shared/fields';

const colors: StatusColors = {
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
// `label` is a prop the caller writes: the Datagrid reads it off the element for the column's header.
export function EmailStatusChip({ source, choices }: { source: string; choices: Choice[]; label?: string }) {
  return <StatusField source={source} choices={choices} colours={colors} />;
}
