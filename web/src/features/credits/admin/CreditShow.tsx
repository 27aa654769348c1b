import PersonIcon from '@mui/icons-material/PersonOutlined';
import { Typography } from '@mui/material';
import { Button, Labeled, Link, Pagination, ReferenceManyField, Show, SimpleShowLayout, TopToolbar, useCreatePath, useRecordContext } from 'react-admin';
import { roleChoices } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { RecordTitle } from '../../../admin/shared/screens';
import { AdjustCreditsButton } from './AdjustCreditsButton';
import { creditTotals } from './fields';
import { MovementsTable } from './MovementsTable';
import type { AdminCredits } from '@contracts/credits';

/** The way to the user's own record. */
function UserButton() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Button label="Vai all’utente" component={Link} to={createPath({ resource: 'users', id: record.id, type: 'show' })}>
      <PersonIcon />
    </Button>
  );
}

const actions = (
  <TopToolbar>
    <UserButton />
    <AdjustCreditsButton />
  </TopToolbar>
);

/** /admin/credits/:userId/show: a user's balance and totals, the adjustment, and every movement of their credits, newest first. */
export function CreditShow() {
  return (
    <Show title={<RecordTitle<AdminCredits> name="Crediti AI di" of={(c) => c.username} />} actions={actions}>
      <SimpleShowLayout>
        {fields.texts('username', 'name')}
        <StatusField source="role" choices={roleChoices} />
        {creditTotals}
        {fields.dates('lastActivity')}
        <Labeled label="Movimenti" fullWidth>
          <ReferenceManyField
            reference="credit-movements"
            target="userId"
            sort={{ field: 'at', order: 'DESC' }}
            perPage={10}
            pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
            empty={<Typography color="text.secondary">Nessun movimento.</Typography>}
          >
            <MovementsTable withUser={false} />
          </ReferenceManyField>
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
