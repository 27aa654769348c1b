import StorefrontIcon from '@mui/icons-material/Storefront';
import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DashboardHeader } from '../../../components/DashboardHeader';

/** A shop page opened before the shop exists: its title, what it needs the shop for, and the way to create it. */
export function NoStoreYet({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <DashboardHeader title={title} />
      <Alert
        severity="info"
        action={
          <Button component={Link} to="/shopkeeper/store" color="inherit" startIcon={<StorefrontIcon />}>
            Crea il negozio
          </Button>
        }
      >
        {children}
      </Alert>
    </>
  );
}
