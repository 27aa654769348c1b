import { SelectInput, TextField } from 'react-admin';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { contactStatusChoices } from './choices';

const filters = [<SelectInput key="status" source="status" choices={contactStatusChoices} alwaysOn />];

/** /admin/contact-submissions: the visitors' messages, newest first, by status and words. */
export function ContactList() {
  return (
    <ResourceList
      search="Nome, email o oggetto"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      line={{ primary: (m) => m.subject, secondary: (m) => `${m.name} · ${m.email}` }}
      status={contactStatusChoices}
    >
      <ItalianDateField source="createdAt" />
      <TextField source="name" />
      <TextField source="email" />
      <TextField source="subject" />
      <StatusField source="status" choices={contactStatusChoices} />
      <ItalianDateField source="repliedAt" dayOnly />
    </ResourceList>
  );
}
