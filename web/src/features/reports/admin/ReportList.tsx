import { FunctionField, SelectInput, TextField, WrapperField } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { reportStatusChoices, reportTypeChoices, severityChoices } from './choices';
import { ReportMoves } from './ReportMoves';

const newestFirst = { field: 'createdAt', order: 'DESC' } as const;

const filters = [
  <SelectInput key="status" source="status" choices={reportStatusChoices} alwaysOn />,
  <SelectInput key="severity" source="severity" choices={severityChoices} />,
  <SelectInput key="reportType" source="reportType" choices={reportTypeChoices} />,
];

/** /admin/reports: every report on assignments, newest first, filtered by state, severity and type, with the admin's moves. */
export function ReportList() {
  return (
    <ResourceList
      search="Titolo o negozio"
      filters={filters}
      sort={newestFirst}
      status={reportStatusChoices}
      line={{
        primary: (r) => r.title,
        secondary: (r) => `${r.storeName} · ${labelOf(reportTypeChoices, r.reportType)} · gravità ${labelOf(severityChoices, r.severity).toLowerCase()}`,
      }}
    >
      <ItalianDateField source="createdAt" />
      <TextField source="title" />
      <TextField source="storeName" />
      <FunctionField source="reportType" render={(r) => labelOf(reportTypeChoices, r.reportType)} />
      <FunctionField source="severity" render={(r) => labelOf(severityChoices, r.severity)} />
      <StatusField source="status" choices={reportStatusChoices} />
      <MoneyField source="refundAmount" />
      <WrapperField label="Azioni">
        <ReportMoves />
      </WrapperField>
    </ResourceList>
  );
}
