import { FunctionField, TextField } from 'react-admin';
import { StatusField } from '../../../admin/shared/fields';
import { movesColumn, ResourceList } from '../../../admin/shared/screens';
import { serverOrder } from '../../../admin/dataProvider';
import { formatTimeRange } from '../../../lib/dates';
import { securityShort } from '../SessionParts';
import { securityLevelChoices, sessionStatusChoices } from './choices';
import { RevokeSessionButton } from './RevokeSessionButton';
import type { CollaborationSession } from '@contracts/collaboration-sessions';

/** /admin/collaboration-sessions: the live sessions first (the server's order), then the next and the past ones; revoke on an active row. */
export function SessionList() {
  return (
    <ResourceList<CollaborationSession>
      search="Negozio o collaboratore"
      filterBy={{ status: sessionStatusChoices, securityLevel: securityLevelChoices }}
      sort={serverOrder}
      line={{
        primary: (s) => `${s.storeName} · ${s.collaboratorName}`,
        secondary: (s) => formatTimeRange(s.scheduledStartAt, s.scheduledEndAt),
      }}
    >
      <TextField source="storeName" sortable={false} />
      <TextField source="collaboratorName" sortable={false} />
      <StatusField source="status" choices={sessionStatusChoices} />
      <FunctionField source="securityLevel" sortable={false} render={(s: CollaborationSession) => securityShort(s.securityLevel)} />
      <FunctionField source="scheduledStartAt" sortable={false} render={(s: CollaborationSession) => formatTimeRange(s.scheduledStartAt, s.scheduledEndAt)} />
      <FunctionField source="aiCreditsUsed" sortable={false} render={(s: CollaborationSession) => `${s.aiCreditsUsed} / ${s.aiCreditsAllocated}`} />
      <FunctionField source="actionsCount" sortable={false} render={(s: CollaborationSession) => String(s.actionsCount)} />
      {movesColumn(<RevokeSessionButton />)}
    </ResourceList>
  );
}
