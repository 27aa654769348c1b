import { Datagrid, FunctionField, SimpleList, TextField, useCreatePath, type RaRecord } from 'react-admin';
import { ItalianDateField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';
import { formatDateTime } from '../../../lib/dates';
import { movementKindLabels, signedCredits } from './choices';
import { CreditsField, MovementKindField, UserLinkField } from './fields';

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
      <SimpleList
        primaryText={(m) => `${movementKindLabels[m.kind as string] ?? m.kind} · ${m.description}`}
        secondaryText={(m) => [formatDateTime(m.at as string), withUser ? m.username : null, m.action].filter(Boolean).join(' · ')}
        tertiaryText={(m) => signedCredits(m.credits as number)}
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
