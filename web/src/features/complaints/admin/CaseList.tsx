import { Chip } from '@mui/material';
import { FunctionField, SelectInput, TextField } from 'react-admin';
import { typeLabels } from '@labels/complaints';
import { ResourceList } from '../../../admin/shared/screens';
import { formatDateTime } from '../../../lib/dates';
import type { CaseRecord } from '../api';
import { decided, kindLabel, statusColors, statusLabels, urgencyColors, urgencyLabels } from '../case-figures';
import { caseStatusChoices, compensationChoices, kindChoices, lateChoices, urgencyChoices } from './choices';

const filters = [
  <SelectInput
    key="late"
    source="late"
    choices={lateChoices}
    parse={(v: string) => (v === '' ? undefined : v === 'true')}
    format={(v: boolean | null | undefined) => (v === undefined || v === null ? '' : String(v))}
  />,
  <SelectInput key="compensationStatus" source="compensationStatus" choices={compensationChoices} />,
];

const lateNow = (c: CaseRecord) => c.late && !decided(c);

/** When the next step is due; red and marked when late. */
function Due({ c }: { c: CaseRecord }) {
  if (!c.dueAt) return <>—</>;
  return lateNow(c) ? <Chip size="small" color="error" label={`In ritardo · ${formatDateTime(c.dueAt)}`} /> : <>{formatDateTime(c.dueAt)}</>;
}

/** /admin/complaints: every complaint and dispute, what is due first on top; late ones in red. */
export function CaseList() {
  return (
    <ResourceList<CaseRecord>
      search="Titolo, negozio o parte"
      filterBy={{ status: caseStatusChoices, urgency: urgencyChoices, kind: kindChoices }}
      alwaysOn={2}
      filters={filters}
      sort={{ field: 'dueAt', order: 'ASC' }}
      line={{
        primary: (c) => `${lateNow(c) ? '⚠ In ritardo · ' : ''}${c.title}`,
        secondary: (c) => `${kindLabel(c)} · ${urgencyLabels[c.urgency]} · ${c.storeName}${c.dueAt ? ` · entro ${formatDateTime(c.dueAt)}` : ''}`,
      }}
    >
      <FunctionField source="dueAt" render={(c: CaseRecord) => <Due c={c} />} />
      <FunctionField
        source="urgency"
        render={(c: CaseRecord) => (
          <Chip size="small" variant={c.urgency === 'immediate' ? 'filled' : 'outlined'} color={urgencyColors[c.urgency]} label={urgencyLabels[c.urgency]} />
        )}
      />
      <FunctionField source="status" render={(c: CaseRecord) => <Chip size="small" color={statusColors[c.status]} label={statusLabels[c.status]} />} />
      <TextField source="title" />
      <FunctionField source="complaintType" sortable={false} render={(c: CaseRecord) => `${kindLabel(c)}: ${typeLabels[c.complaintType]}`} />
      <TextField source="storeName" />
      <FunctionField source="complainant" sortable={false} render={(c: CaseRecord) => c.complainant.name} />
      <FunctionField
        source="compensation"
        sortable={false}
        render={(c: CaseRecord) => (c.compensation.status === 'none' ? '—' : compensationChoices.find((x) => x.id === c.compensation.status)?.name)}
      />
    </ResourceList>
  );
}
