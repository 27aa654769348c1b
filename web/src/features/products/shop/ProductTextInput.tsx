import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import type { ProductFormValues } from './product-form-values';

export type TextName = 'name' | 'description' | 'price' | 'stockQuantity' | 'sku' | 'barcode';

/**
 * A controlled text field: the shared catalogue fills fields from code, and MUI floats the label
 * of a field that got its text that way only when it is told the value.
 */
export function TextInput({ name, control, helperText, onBlur, ...props }: { name: TextName; control: Control<ProductFormValues> } & Omit<TextFieldProps, 'name'>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          onBlur={(e) => {
            field.onBlur();
            onBlur?.(e);
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
