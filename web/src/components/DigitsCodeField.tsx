import { TextField, type TextFieldProps } from '@mui/material';

/**
 * A six-digit code typed at the door or the counter (a pickup or delivery code): digits only,
 * spaced and large, the phone's numeric keypad and its one-time-code suggestion.
 */
export function DigitsCodeField({ label, value, onChange, ...field }: { label: string; value: string; onChange: (code: string) => void } & Pick<TextFieldProps, 'error' | 'helperText'>) {
  return (
    <TextField
      label={label}
      autoFocus
      required
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      {...field}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, style: { letterSpacing: '0.4em', fontSize: '1.4rem' } } }}
    />
  );
}
