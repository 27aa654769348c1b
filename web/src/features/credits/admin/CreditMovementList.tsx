import { AutocompleteInput, List, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { movementKindChoices } from './choices';
import { MovementsTable } from './MovementsTable';

const filters = [
  <SelectInput key="kind" source="kind" choices={movementKindChoices} alwaysOn />,
  <ReferenceInput key="userId" source="userId" reference="credits">
    <AutocompleteInput optionText="username" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <TextInput key="action" source="action" />,
];

/** /admin/credit-movements: every movement of every user's credits, newest first, by kind, user and AI function. */
export function CreditMovementList() {
  return (
    <List filters={filters} sort={{ field: 'at', order: 'DESC' }} exporter={false}>
      <MovementsTable withUser />
    </List>
  );
}
