import { Alert } from '@mui/material';
import type { ReactNode } from 'react';

/** Why a form was not sent, at its top and read out at once; nothing when there is no problem. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert severity="error" role="alert">
      {children}
    </Alert>
  );
}
