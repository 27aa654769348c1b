import { Alert, Button, type AlertColor } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A note on the page with the one place to go about it (`label`, to `to`) at its end. */
export function LinkAlert({ severity, to, label, children }: { severity: AlertColor; to: string; label: string; children: ReactNode }) {
  return (
    <Alert
      severity={severity}
      action={
        <Button component={RouterLink} to={to} color="inherit">
          {label}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
