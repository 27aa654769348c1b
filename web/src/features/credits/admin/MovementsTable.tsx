import { Datagrid, FunctionField, SimpleList, TextField, useCreatePath, type RaRecord } from 'react-admin';
import { ItalianDateField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';
import { formatDateTime } from '../../../lib/dates';
import { movementKindLabels, signedCredits } from './choices';
import { CreditsField, MovementKindField, UserLinkField } from './fields';
import type { ResponseOf } from '@platform/http/contract';
import type { creditsApi } from '@contracts/credits';

/** A movement as the admin's list of them answers it. */
type Movement = ResponseOf<typeof creditsApi.adminMovements>[number];

/**
 * Movements of credits, newest first, inside a list's context (the admin's list of every movement,
 * or one user's on their credits' page): a table, or one line a movement on a phone.
 */
export function MovementsTable({ withUser }: { withUser: boolean }) {
  const isSmall = useIsSmall();
  const createPath = useCreatePath();
  // In the list of every movement, a row leads to its owner's credits.
  const toOwner = withUser ? (_id: unknown, _resource: unknown, m: RaRecord) => createPath({ resource: 'credits', id: m.userId as string, type: 'show' }) : false;
  if (isSmall) {
    return (
      <SimpleList<Movement>
        primaryText={(m) => `${movementKindLabels[m.kind] ?? m.kind} · ${m.description}`}
        secondaryText={(m) => [formatDateTime(m.at), withUser ? m.username : null, m.action].filter(Boolean).join(' · ')}
        tertiaryText={(m) => signedCredits(m.credits)}
        rowClick={toOwner}
      />
    );
  }
  return (
    <Datagrid rowClick={toOwner} bulkActionButtons={false}>
      <ItalianDateField source="at" />
      {withUser && <UserLinkField source="userId" />}
      <MovementKindField source="kind" />
      <CreditsField source="credits" signed />
      <TextField source="action" emptyText="—" />
      <TextField source="description" />
      <FunctionField source="used" textAlign="right" render={(m: { used: number }) => (m.used ? m.used.toLocaleString('it-IT') : '—')} />
    </Datagrid>
  );
}
