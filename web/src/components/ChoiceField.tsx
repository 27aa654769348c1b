import { MenuItem, TextField, type TextFieldProps } from '@mui/material';

/** A text field that picks one of `options`, each shown by its Italian label, and hands over the value picked; `''` while none is. */
export function ChoiceField<V extends string>({
  options,
  labels,
  value,
  onChange,
  ...field
}: Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children'> & {
  options: readonly V[];
  labels: Record<V, string>;
  value: V | '';
  onChange: (value: V) => void;
}) {
  return (
    <TextField {...field} select value={value} onChange={(e) => onChange(e.target.value as V)}>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labels[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}
