import { EmailField, TextField } from 'react-admin';
import { fields, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { ContactActions } from './ContactActions';
import { contactStatusChoices } from './choices';

/** /admin/contact-submissions/:id/show: the message (read once opened), the answer, the notes, and its Cronologia. */
export function ContactShow() {
  return (
    <RecordShow title={<RecordTitle name="Messaggio" of={(m) => `«${m.subject}» da ${m.name}`} />} history="contact-submission">
      {fields.dates('createdAt')}
      <StatusField source="status" choices={contactStatusChoices} />
      {fields.texts('name')}
      <EmailField source="email" />
      {fields.optionalTexts('phone', 'company')}
      {fields.texts('subject')}
      <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
      <TextField source="replyMessage" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
      {fields.dates('repliedAt')}
      {fields.optionalTexts('repliedBy')}
      <ContactActions label={false} />
    </RecordShow>
  );
}
