import { Alert, Skeleton } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { errorText } from '../../../lib/client';
import { useStatementMonthsOf } from '../api';
import { StatementsCard } from '../EarningsPage';

/**
 * The admin's view of a holder's monthly statements (a tab of the store's page, or of the
 * collaborator's): each month's PDF and CSV, as the holder downloads them.
 */
export function HolderStatements({ holder = 'store' }: { holder?: 'store' | 'collaborator' }) {
  const record = useRecordContext<{ id: string }>();
  const base = `/api/admin/${holder === 'store' ? 'stores' : 'collaborators'}/${record?.id}/statements`;
  const months = useStatementMonthsOf(record ? base : null);
  if (months.isError) return <Alert severity="error">{errorText(months.error, 'Non è stato possibile leggere gli estratti conto: riprova tra poco.')}</Alert>;
  if (!months.data) return <Skeleton variant="rounded" height={120} />;
  return <StatementsCard list={months.data} base={base} holder={holder} />;
}
