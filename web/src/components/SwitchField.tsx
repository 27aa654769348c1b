import { Box, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/**
 * A yes/no field of a react-hook-form form as a switch, with its label and, under it, what it
 * does. The switch is named by its label alone and described by the hint, so that a long hint
 * never makes its name (nor a search by a field's label) take in another field's words.
 * A `disabled` switch shows off whatever the form holds (what it turns on is not available);
 * a `nested` one is an option of the switch above it, set in under it.
 */
export function SwitchField<T extends FieldValues>({
  name,
  control,
  label,
  hint,
  disabled = false,
  nested = false,
}: {
  name: FieldPathByValue<T, boolean>;
  control: Control<T>;
  label: string;
  hint: string;
  disabled?: boolean;
  nested?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, ml: nested ? { xs: 2, sm: 6 } : 0 }}>
          <Switch
            id={`${id}-switch`}
            checked={!disabled && Boolean(field.value)}
            disabled={disabled}
            onChange={(e) => field.onChange(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': `${id}-hint` } }}
            sx={{ mt: -0.5, flexShrink: 0 }}
          />
          <Box>
            <Typography
              component="label"
              htmlFor={`${id}-switch`}
              sx={{ display: 'block', cursor: disabled ? 'default' : 'pointer', color: disabled ? 'text.disabled' : 'text.primary' }}
            >
              {label}
            </Typography>
            <Typography id={`${id}-hint`} variant="body2" color={disabled ? 'text.disabled' : 'text.secondary'}>
              {hint}
            </Typography>
          </Box>
        </Box>
      )}
    />
  );
}
