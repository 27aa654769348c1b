import { useState, type ReactNode } from 'react';
import { LimitedTextField, tooLong } from './form-kit';
import { FormDialog, useOneFieldForm } from './FormDialog';
import { toast } from './toast/toast-store';

/**
 * A move that takes a few words (a reason to refuse, cancel or revoke; a problem to report):
 * the question, what the words are for, the field (required unless `optional`), and the move.
 * `send` gets the words trimmed ('' when left empty); `field` is the body's field, whose error
 * the API gives beside it; `done` is said once the move is made.
 */
export function ReasonDialog({
  id,
  title,
  text,
  label,
  missing = 'Scrivi il motivo.',
  submitLabel,
  done,
  danger = false,
  optional = false,
  field = 'reason',
  limit = 500,
  fallback,
  send,
  onClose,
}: {
  id: string;
  title: string;
  text: ReactNode;
  label: string;
  /** Said under the field when it is required and left empty. */
  missing?: string;
  submitLabel: string;
  done: string;
  danger?: boolean;
  optional?: boolean;
  field?: string;
  /** The most characters the API takes: more is refused here with the count, never cut. */
  limit?: number;
  fallback: string;
  send: (words: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [words, setWords] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useOneFieldForm(field, fallback);
  const submit = form.submit(
    () => tooLong(words, limit) ?? (optional || words.trim() ? null : missing),
    async () => {
      setBusy(true);
      try {
        await send(words.trim());
        toast({ title: done, variant: 'success' });
        onClose();
      } finally {
        setBusy(false);
      }
    },
  );
  return (
    <FormDialog id={id} title={title} text={text} error={form.formError} submit={{ label: submitLabel, busy, danger, onSubmit: (e) => void submit(e) }} onClose={onClose}>
      <ReasonField
        label={label}
        required={!optional}
        value={words}
        onChange={(text) => {
          setWords(text);
          form.clearFieldError();
        }}
        limit={limit}
        counted
        error={form.fieldError}
      />
    </FormDialog>
  );
}

/** The field where the reason for a move is written, a few lines long, with the focus as its dialog opens. */
export function ReasonField({
  label = 'Motivo',
  value,
  onChange,
  required = true,
  ...field
}: {
  label?: string;
  value: string;
  onChange: (text: string) => void;
  required?: boolean;
  limit: number;
  error: string | null;
  hint?: string;
  counted?: boolean;
}) {
  return <LimitedTextField label={label} autoFocus required={required} multiline minRows={2} value={value} onChange={(e) => onChange(e.target.value)} {...field} />;
}
