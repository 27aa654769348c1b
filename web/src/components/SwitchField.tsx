import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/**
 * A yes/no field of a react-hook-form form as a switch, with its label and, under it, what it
 * does. A `disabled` switch shows off whatever the form holds (what it turns on is not available);
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
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', m: 0, gap: 1, ml: nested ? { xs: 2, sm: 6 } : 0 }}
          disabled={disabled}
          control={<Switch checked={!disabled && Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} sx={{ mt: -0.5 }} />}
          label={
            <Box>
              <Typography>{label}</Typography>
              <Typography variant="body2" color="text.secondary">
                {hint}
              </Typography>
            </Box>
          }
        />
      )}
    />
  );
}
