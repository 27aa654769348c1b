import { FunctionField, TextField, TopToolbar } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { Timeline } from '../../../components/Timeline';
import { timelineSteps } from '../ReportParts';
import { refundStatusChoices, reporterRoleChoices, reportStatusChoices, reportTypeChoices, severityChoices } from './choices';
import { ReportMoves } from './ReportMoves';

/** /admin/reports/:id/show: the report, the admin's answer and refund, its timeline, the moves, and its Cronologia. */
export function ReportShow() {
  return (
    <RecordShow
      title={<RecordTitle name="Segnalazione" of={(r) => `«${r.title}»`} />}
      actions={
        <TopToolbar>
          <ReportMoves />
        </TopToolbar>
      }
      history="report"
    >
      <TextField source="title" />
      <StatusField source="status" choices={reportStatusChoices} />
      <FunctionField source="reportType" render={(r) => labelOf(reportTypeChoices, r.reportType)} />
      <FunctionField source="severity" render={(r) => labelOf(severityChoices, r.severity)} />
      <TextField source="description" />
      <TextField source="storeName" />
      <TextField source="shopkeeperName" emptyText="—" />
      <TextField source="collaboratorName" emptyText="—" />
      <FunctionField source="reporterRole" render={(r) => `${r.reportedByName ?? ''} (${labelOf(reporterRoleChoices, r.reporterRole)})`} />
      <TextField source="assignmentDescription" emptyText="—" />
      <TextField source="adminResponse" emptyText="—" />
      <TextField source="resolutionAction" emptyText="—" />
      <MoneyField source="refundAmount" />
      <FunctionField source="refundStatus" render={(r) => labelOf(refundStatusChoices, r.refundStatus)} />
      <ItalianDateField source="createdAt" />
      <ItalianDateField source="investigatedAt" />
      <ItalianDateField source="resolvedAt" />
      <ItalianDateField source="closedAt" />
      <FunctionField source="timeline" render={(r) => <Timeline steps={timelineSteps(r)} />} />
    </RecordShow>
  );
}
