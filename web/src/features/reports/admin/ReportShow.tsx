import { FunctionField } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ChoiceField, fields, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { Timeline } from '../../../components/Timeline';
import { timelineSteps } from '../ReportParts';
import { refundStatusChoices, reporterRoleChoices, reportStatusChoices, reportTypeChoices, severityChoices } from './choices';
import { ReportMoves } from './ReportMoves';
import type { ReportWithTimeline } from '@contracts/reports';

/** /admin/reports/:id/show: the report, the admin's answer and refund, its timeline, the moves, and its Cronologia. */
export function ReportShow() {
  return (
    <RecordShow title={<RecordTitle name="Segnalazione" of={(r) => `«${r.title}»`} />} actions={<ReportMoves />} history="report">
      {fields.texts('title')}
      <StatusField source="status" choices={reportStatusChoices} />
      <ChoiceField source="reportType" choices={reportTypeChoices} />
      <ChoiceField source="severity" choices={severityChoices} />
      {fields.texts('description', 'storeName')}
      {fields.optionalTexts('shopkeeperName', 'collaboratorName')}
      <FunctionField source="reporterRole" render={(r: ReportWithTimeline) => `${r.reportedByName ?? ''} (${labelOf(reporterRoleChoices, r.reporterRole)})`} />
      {fields.optionalTexts('assignmentDescription', 'adminResponse', 'resolutionAction')}
      {fields.money('refundAmount')}
      <ChoiceField source="refundStatus" choices={refundStatusChoices} />
      {fields.dates('createdAt', 'investigatedAt', 'resolvedAt', 'closedAt')}
      <FunctionField source="timeline" render={(r: ReportWithTimeline) => <Timeline steps={timelineSteps(r)} />} />
    </RecordShow>
  );
}
