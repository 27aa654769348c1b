import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Box, CircularProgress } from '@mui/material';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { useCart } from '../cart/api';
import { useCheckout } from '../orders/api';
import { CheckoutForm } from './CheckoutForm';
import { UnreadCart } from '../cart/UnreadCart';
import { Skeletons } from '../../components/Skeletons';

/** /customer/checkout — the cart's shops to order from, or why there is nothing to order. */
export default function CheckoutPage() {
  const { data: cart, error, isPending } = useCart();
  // Held here: placing the order empties the cart, and the page must not flash "empty" before it moves on.
  const checkout = useCheckout();
  if (error || isPending) return <UnreadCart title="Conferma l’ordine" error={error} skeleton={<Skeletons label="Caricamento" heights={[200, 200]} gap={2} />} />;
  if (cart.stores.length === 0 && (checkout.isPending || checkout.isSuccess)) {
    return (
      <Box role="status" aria-label="Invio dell’ordine" sx={{ minHeight: '40vh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress color="secondary" />
      </Box>
    );
  }
  if (cart.stores.length === 0) {
    return (
      <>
        <DashboardHeader title="Conferma l’ordine" />
        <EmptyState
          icon={<ShoppingCartIcon />}
          title="Il carrello è vuoto"
          text="Non c’è niente da ordinare: aggiungi qualche prodotto dai negozi vicini."
          go={{ to: '/search', label: 'Cerca prodotti' }}
        />
      </>
    );
  }
  return <CheckoutForm stores={cart.stores} checkout={checkout} />;
}
