import type { MouseEvent } from 'react';
import { FunctionField, Link, useCreatePath, useRecordContext } from 'react-admin';
import { FigureField } from '../../../admin/shared/fields';
import { movementKindLabels, signedCredits } from './choices';

const stop = (e: MouseEvent) => e.stopPropagation();

/** A link to the user's own record (`source` holds the user's id); the row around it still opens its own. */
// `label` is a prop the caller writes: the Datagrid reads it off the element for the column's header.
export function UserLinkField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  const id = record[source] as string;
  return (
    <Link to={createPath({ resource: 'users', id, type: 'show' })} onClick={stop}>
      {(record.username as string | null) ?? '—'}
    </Link>
  );
}

/** A count of credits as the site writes numbers ("1.250"), kept on one line. */
export function CreditsField({ source, label, signed = false }: { source: string; label?: string; signed?: boolean }) {
  return <FigureField source={source} label={label} show={(credits) => (signed ? signedCredits(credits) : credits.toLocaleString('it-IT'))} />;
}

/** A user's balance and totals of credits, as the list's columns and the user's page show them. */
export const creditTotals = ['balance', 'totalPurchased', 'totalUsed'].map((source) => <CreditsField key={source} source={source} />);

/** A movement's kind by its Italian name. */
export function MovementKindField({ source, label }: { source: string; label?: string }) {
  return <FunctionField source={source} label={label} render={(m: { kind: string }) => movementKindLabels[m.kind] ?? m.kind} />;
}
