import { InputAdornment, TextField } from '@mui/material';

/** An amount in euro typed as the user writes it ("40,00"): the € before it, a decimal keyboard on a phone, its error else `hint` (if any) under it. */
export function EuroField({
  label,
  value,
  onChange,
  required = false,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error: string | undefined;
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      error={!!error}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">€</InputAdornment> } }}
    />
  );
}
