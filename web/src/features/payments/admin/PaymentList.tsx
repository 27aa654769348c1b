import DownloadIcon from '@mui/icons-material/Download';
import { AutocompleteInput, Button, DateInput, FilterButton, ReferenceInput, TopToolbar, useListContext } from 'react-admin';
import { fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';
import { paymentMethodChoices, paymentProviderChoices, paymentStatusChoices, transactionTypeChoices } from './choices';
import { formatMoney } from '../../../lib/money';
import { transactionTypeLabels } from '../api';
import type { PaymentRecord } from '@contracts/payments';

const filters = [
  <ReferenceInput key="userId" source="userId" reference="users">
    <AutocompleteInput optionText="username" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <DateInput key="from" source="createdAt_gte" />,
  <DateInput key="to" source="createdAt_lte" />,
];

/**
 * The list's rows as CSV, from the server (every row the filters select, not only the page):
 * the browser downloads it with the admin's session.
 */
function CsvExportButton() {
  const { sort, ...list } = useListContext();
  const query = new URLSearchParams({ filter: JSON.stringify(list.filterValues), sort: JSON.stringify([sort.field, sort.order]) });
  return (
    <Button label="Esporta CSV" onClick={() => window.location.assign(`/api/admin/payments/export?${query.toString()}`)}>
      <DownloadIcon />
    </Button>
  );
}

const actions = (
  <TopToolbar>
    <FilterButton />
    <CsvExportButton />
  </TopToolbar>
);

/** /admin/payments: every movement of money, newest first, by status, kind, method, payer and dates. */
export function PaymentList() {
  return (
    <ResourceList<PaymentRecord>
      search="Descrizione o ID"
      filterBy={{ status: paymentStatusChoices, transactionType: transactionTypeChoices, paymentMethod: paymentMethodChoices, paymentProvider: paymentProviderChoices }}
      filters={filters}
      sort={newestFirst('createdAt')}
      actions={actions}
      line={{
        primary: (p) => `${formatMoney(p.amount)} · ${p.description}`,
        secondary: (p) => `${transactionTypeLabels[p.transactionType]} · ${p.username ?? '—'}`,
      }}
    >
      {fields.dates('createdAt')}
      {fields.texts('username')}
      <StatusField source="transactionType" choices={transactionTypeChoices} />
      {fields.texts('description')}
      {fields.money('amount')}
      <StatusField source="paymentMethod" choices={paymentMethodChoices} />
      <StatusField source="paymentProvider" choices={paymentProviderChoices} />
      <StatusField source="status" choices={paymentStatusChoices} />
    </ResourceList>
  );
}
