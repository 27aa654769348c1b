import { fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';
import { contactStatusChoices } from './choices';
import type { ContactSubmission } from '@contracts/contact';

/** /admin/contact-submissions: the visitors' messages, newest first, by status and words. */
export function ContactList() {
  return (
    <ResourceList<ContactSubmission>
      search="Nome, email o oggetto"
      filterBy={{ status: contactStatusChoices }}
      sort={newestFirst('createdAt')}
      line={{ primary: (m) => m.subject, secondary: (m) => `${m.name} · ${m.email}` }}
    >
      {fields.dates('createdAt')}
      {fields.texts('name', 'email', 'subject')}
      <StatusField source="status" choices={contactStatusChoices} />
      {fields.days('repliedAt')}
    </ResourceList>
  );
}
