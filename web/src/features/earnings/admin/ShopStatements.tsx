import { Alert, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext } from 'react-admin';
import { apiGet, errorText } from '../../../lib/client';
import type { StatementMonths } from '../api';
import { StatementsCard } from '../EarningsPage';

/** The admin's view of a shop's monthly statements (its store page's tab): each month's PDF and CSV, as the shop downloads them. */
export function ShopStatements() {
  const store = useRecordContext<{ id: string }>();
  const base = `/api/admin/stores/${store?.id}/statements`;
  const months = useQuery({ queryKey: ['admin', 'statements', store?.id], enabled: !!store, queryFn: async () => (await apiGet<StatementMonths>(base))! });
  if (months.isError) return <Alert severity="error">{errorText(months.error, 'Non è stato possibile leggere gli estratti conto: riprova tra poco.')}</Alert>;
  if (!months.data) return <Skeleton variant="rounded" height={120} />;
  return <StatementsCard months={months.data.months} base={base} />;
}
