import { useMediaQuery, useTheme } from '@mui/material';
import type { ComponentProps } from 'react';
import { FormDialog } from './FormDialog';

/** A form dialog of many fields: wider than a question's, and the whole screen on a phone. */
export function WideFormDialog(props: Omit<ComponentProps<typeof FormDialog>, 'maxWidth' | 'fullScreen'>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return <FormDialog {...props} maxWidth="sm" fullScreen={phone} />;
}
