import { TextField, type TextFieldProps } from '@mui/material';

/** The digits of a code typed at the door or the counter. */
const codeLength = 6;

/**
 * A six-digit code typed at the door or the counter (a pickup or delivery code): digits only
 * (spaces and dashes of a pasted «123 456» go), spaced and large, the phone's numeric keypad and
 * its one-time-code suggestion. A longer code is kept whole and said too long, never cut to six.
 */
export function DigitsCodeField({
  label,
  value,
  onChange,
  error,
  helperText,
}: { label: string; value: string; onChange: (code: string) => void } & Pick<TextFieldProps, 'error' | 'helperText'>) {
  const over = value.length > codeLength ? `Il codice ha ${codeLength} cifre: ne hai scritte ${value.length}.` : null;
  return (
    <TextField
      label={label}
      autoFocus
      required
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={Boolean(error || over)}
      helperText={over ?? helperText}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', style: { letterSpacing: '0.4em', fontSize: '1.4rem' } } }}
    />
  );
}
