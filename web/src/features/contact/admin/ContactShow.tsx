import { EmailField, TextField } from 'react-admin';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { ContactActions } from './ContactActions';
import { contactStatusChoices } from './choices';

/** /admin/contact-submissions/:id/show: the message (read once opened), the answer, the notes, and its Cronologia. */
export function ContactShow() {
  return (
    <RecordShow title={<RecordTitle name="Messaggio" of={(m) => `«${m.subject}» da ${m.name}`} />} history="contact-submission">
      <ItalianDateField source="createdAt" />
      <StatusField source="status" choices={contactStatusChoices} />
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="phone" emptyText="—" />
      <TextField source="company" emptyText="—" />
      <TextField source="subject" />
      <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
      <TextField source="replyMessage" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
      <ItalianDateField source="repliedAt" />
      <TextField source="repliedBy" emptyText="—" />
      <ContactActions label={false} />
    </RecordShow>
  );
}
