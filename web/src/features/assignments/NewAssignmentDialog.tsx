import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { MAX_DESCRIPTION, MAX_PAYMENT_CENTS, priorities, priorityLabels, type Permission, type Priority } from '@pure/assignments/labels';
import { DateTimeFields } from '../../components/DateTimeFields';
import { EuroField } from '../../components/EuroField';
import { LimitedTextField, tooLong } from '../../components/form-kit';
import { useFieldsForm } from '../../components/FormDialog';
import { WideFormDialog } from '../../components/WideFormDialog';
import { toast } from '../../components/toast/toast-store';
import { romeToIso } from '../../lib/dates';
import { formatMoney, parseDecimal } from '../../lib/money';
import { CollaboratorSelect, PermissionsField } from '../collaboration-sessions/SessionParts';
import { useCreateAssignment } from './api';
import type { Collaborator } from './assignment-figures';

/** The due date's fields: both empty (none), or a day with a time (18:00 when left out). */
function dueDateOf(date: string, time: string): { iso?: string; problem?: string } {
  if (!date) return {};
  const iso = romeToIso(date, time || '18:00');
  return new Date(iso).getTime() <= Date.now() ? { problem: 'La scadenza deve essere nel futuro.' } : { iso };
}

/**
 * A shopkeeper's direct assignment to a collaborator the shop already worked with: what to do,
 * the priority, what it pays, by when, and what the collaborator may do for the shop. The
 * collaborator accepts or rejects it.
 */
export function NewAssignmentDialog({ collaborators, onClose }: { collaborators: Collaborator[]; onClose: () => void }) {
  const create = useCreateAssignment();
  const [collaboratorId, setCollaborator] = useState(collaborators.length === 1 ? collaborators[0]!.id : '');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<Priority>('medium');
  const [amount, setAmount] = useState('');
  const [due, setDue] = useState({ date: '', time: '' });
  const [chosen, setPermissions] = useState<Permission[]>(['products']);
  const form = useFieldsForm('Non è stato possibile creare l’incarico. Riprova.');
  const { errors } = form;
  const paymentAmount = parseDecimal(amount);
  const dueDate = dueDateOf(due.date, due.time);

  const submit = form.submit(
    () => ({
      collaboratorId: collaboratorId ? undefined : 'Scegli il collaboratore.',
      description: description.trim() ? tooLong(description, MAX_DESCRIPTION) : 'Scrivi cosa deve fare.',
      paymentAmount: !Number.isFinite(paymentAmount)
        ? 'Scrivi un importo in euro, ad esempio 40,00 (anche 0).'
        : paymentAmount * 100 > MAX_PAYMENT_CENTS
          ? `Al massimo ${formatMoney(MAX_PAYMENT_CENTS / 100)}.`
          : undefined,
      dueDate: dueDate.problem,
    }),
    async () => {
      const made = await create.mutateAsync({
        collaboratorId,
        description: description.trim(),
        priority,
        paymentAmount,
        permissions: chosen,
        ...(dueDate.iso ? { dueDate: dueDate.iso } : {}),
      });
      toast({ title: `Incarico inviato a ${made.collaboratorName}: aspetta la sua risposta.`, variant: 'success' });
      onClose();
    },
  );

  return (
    <WideFormDialog
      id="new-assignment-title"
      title="Nuovo incarico diretto"
      text="A un collaboratore con cui hai già lavorato: riceve l’incarico e lo accetta o lo rifiuta. Poi programmi le sessioni di lavoro."
      error={form.formError}
      submit={{ label: 'Invia l’incarico', busy: create.isPending, onSubmit: (e) => void submit(e) }}
      onClose={onClose}
    >
      <CollaboratorSelect collaborators={collaborators} value={collaboratorId} onChange={setCollaborator} error={errors.collaboratorId} />
      <LimitedTextField
        label="Cosa deve fare"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={3}
        required
        limit={MAX_DESCRIPTION}
        counted
        error={errors.description}
      />
      <TextField select label="Priorità" value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
        {priorities.map((p) => (
          <MenuItem key={p} value={p}>
            {priorityLabels[p]}
          </MenuItem>
        ))}
      </TextField>
      <EuroField
        label="Importo"
        value={amount}
        onChange={setAmount}
        required
        error={errors.paymentAmount}
        hint="Quanto paghi per l’incarico: al collaboratore va al netto della commissione del sito."
      />
      <DateTimeFields dateLabel="Scadenza (facoltativa)" value={due} onChange={setDue} error={errors.dueDate} />
      <PermissionsField value={chosen} onChange={setPermissions} error={errors.permissions} hint="Durante le sessioni attive usa questi strumenti del negozio al posto tuo." />
    </WideFormDialog>
  );
}
