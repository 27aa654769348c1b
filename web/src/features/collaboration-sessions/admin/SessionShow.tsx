import { BooleanField, FunctionField, NumberField, TabbedShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { RecordLink, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { permissionsText } from '../SessionParts';
import { SessionStoryOf } from '../SessionStory';
import { expiredReasonText, securityLevelChoices, sessionStatusChoices } from './choices';
import { RevokeSessionButton } from './RevokeSessionButton';

/** The session's lifecycle and what the collaborator did for the shop in it. */
function StoryTab() {
  const s = useRecordContext();
  return s ? <SessionStoryOf id={String(s.id)} /> : null;
}

/** /admin/collaboration-sessions/:id/show: the session, its timeline and actions, revoke, and its Cronologia. */
export function SessionShow() {
  return (
    <RecordShow
      title={<RecordTitle name="Sessione" of={(s) => `di ${s.collaboratorName} presso «${s.storeName}»`} />}
      actions={
        <TopToolbar>
          <RevokeSessionButton />
        </TopToolbar>
      }
      history="collaboration-session"
      tab={
        <TabbedShowLayout.Tab label="Azioni svolte" path="azioni">
          <StoryTab />
        </TabbedShowLayout.Tab>
      }
    >
      <TextField source="storeName" />
      <TextField source="storeAddress" />
      <TextField source="collaboratorName" />
      <StatusField source="status" choices={sessionStatusChoices} />
      <FunctionField source="securityLevel" render={(s) => labelOf(securityLevelChoices, s.securityLevel)} />
      <FunctionField source="permissions" render={(s) => permissionsText(s.permissions)} />
      <ItalianDateField source="scheduledStartAt" />
      <ItalianDateField source="scheduledEndAt" />
      <ItalianDateField source="activationDeadline" />
      <ItalianDateField source="startedAt" />
      <ItalianDateField source="closeDeadline" />
      <ItalianDateField source="actualEndAt" />
      <BooleanField source="awaitingConfirmation" />
      <BooleanField source="locationVerified" />
      <TextField source="ipAddress" emptyText="—" />
      <TextField source="userAgent" emptyText="—" />
      <NumberField source="aiCreditsAllocated" />
      <NumberField source="aiCreditsUsed" />
      <NumberField source="actionsCount" />
      <BooleanField source="activationCodeBurnt" />
      <BooleanField source="closureCodeBurnt" />
      <ItalianDateField source="revokedAt" />
      <TextField source="revokeReason" emptyText="—" />
      <TextField source="cancelReason" emptyText="—" />
      <FunctionField source="expiredReason" render={(s) => expiredReasonText(s.expiredReason)} />
      <ItalianDateField source="createdAt" />
      <RecordLink to={(s) => ({ resource: 'assignments', id: s.assignmentId })} text="Apri l’incarico" />
    </RecordShow>
  );
}
