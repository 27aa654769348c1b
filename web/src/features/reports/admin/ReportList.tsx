import { labelOf } from '../../../admin/shared/choices';
import { ChoiceField, fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, movesColumn, ResourceList } from '../../../admin/shared/screens';
import { reportStatusChoices, reportTypeChoices, severityChoices } from './choices';
import { ReportMoves } from './ReportMoves';
import type { Report } from '@contracts/reports';

/** /admin/reports: every report on assignments, newest first, filtered by state, severity and type, with the admin's moves. */
export function ReportList() {
  return (
    <ResourceList<Report>
      search="Titolo o negozio"
      filterBy={{ status: reportStatusChoices, severity: severityChoices, reportType: reportTypeChoices }}
      sort={newestFirst('createdAt')}
      line={{
        primary: (r) => r.title,
        secondary: (r) => `${r.storeName} · ${labelOf(reportTypeChoices, r.reportType)} · gravità ${labelOf(severityChoices, r.severity).toLowerCase()}`,
      }}
    >
      {fields.dates('createdAt')}
      {fields.texts('title', 'storeName')}
      <ChoiceField source="reportType" choices={reportTypeChoices} />
      <ChoiceField source="severity" choices={severityChoices} />
      <StatusField source="status" choices={reportStatusChoices} />
      {fields.money('refundAmount')}
      {movesColumn(<ReportMoves />)}
    </ResourceList>
  );
}
