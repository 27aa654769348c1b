import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import type { ReactNode } from 'react';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { errorText } from '../../lib/client';

/** A page of the cart (the cart, the checkout) before the cart is read: under its title, why it could not be, or its skeleton. */
export function UnreadCart({ title, error, skeleton }: { title: string; error: unknown; skeleton: ReactNode }) {
  return (
    <>
      <DashboardHeader title={title} />
      {error ? (
        <EmptyState icon={<ShoppingCartIcon />} title="Carrello non disponibile" text={errorText(error, 'Non riusciamo a leggere il carrello: riprova tra poco.')} />
      ) : (
        skeleton
      )}
    </>
  );
}
