import { FunctionField, useRecordContext } from 'react-admin';
import { ChoiceField, fields, StatusField } from '../../../admin/shared/fields';
import { RecordLink, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { permissionsText } from '../SessionParts';
import { SessionStoryOf } from '../SessionStory';
import { expiredReasonText, securityLevelChoices, sessionStatusChoices } from './choices';
import { RevokeSessionButton } from './RevokeSessionButton';
import type { CollaborationSession } from '@contracts/collaboration-sessions';

/** The session's lifecycle and what the collaborator did for the shop in it. */
function StoryTab() {
  const s = useRecordContext<CollaborationSession>();
  return s ? <SessionStoryOf id={String(s.id)} /> : null;
}

/** /admin/collaboration-sessions/:id/show: the session, its timeline and actions, revoke, and its Cronologia. */
export function SessionShow() {
  return (
    <RecordShow
      title={<RecordTitle<CollaborationSession> name="Sessione" of={(s) => `di ${s.collaboratorName} presso «${s.storeName}»`} />}
      actions={<RevokeSessionButton />}
      history="collaboration-session"
      tab={{ label: 'Azioni svolte', path: 'azioni', content: <StoryTab /> }}
    >
      {fields.texts('storeName', 'storeAddress', 'collaboratorName')}
      <StatusField source="status" choices={sessionStatusChoices} />
      <ChoiceField source="securityLevel" choices={securityLevelChoices} />
      <FunctionField source="permissions" render={(s: CollaborationSession) => permissionsText(s.permissions)} />
      {fields.dates('scheduledStartAt', 'scheduledEndAt', 'activationDeadline', 'startedAt', 'closeDeadline', 'actualEndAt')}
      {fields.booleans('awaitingConfirmation', 'locationVerified')}
      {fields.optionalTexts('ipAddress', 'userAgent')}
      {fields.numbers('aiCreditsAllocated', 'aiCreditsUsed', 'actionsCount')}
      {fields.booleans('activationCodeBurnt', 'closureCodeBurnt')}
      {fields.dates('revokedAt')}
      {fields.optionalTexts('revokeReason', 'cancelReason')}
      <FunctionField source="expiredReason" render={(s: CollaborationSession) => expiredReasonText(s.expiredReason)} />
      {fields.dates('createdAt')}
      <RecordLink<CollaborationSession> to={(s) => ({ resource: 'assignments', id: s.assignmentId })} text="Apri l’incarico" />
    </RecordShow>
  );
}
