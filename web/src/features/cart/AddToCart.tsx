import AddIcon from '@mui/icons-material/Add';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, Button, IconButton, InputBase, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { maxLineQuantity, useAddToCart } from './api';
import { errorText } from '../../lib/client';
import { useAuth } from '../../app/auth';
import { toast } from '../../components/toast/toast-store';

/** The most of a product one line can hold: what the shop has, and never more than 99. */
export const maxQuantityFor = (stock: number) => Math.max(0, Math.min(stock, maxLineQuantity));

/** − n + : a quantity between 1 and `max`; typing is allowed too. */
export function QuantityStepper({ value, onChange, max, label, size = 'medium', disabled = false }: {
  value: number;
  onChange: (value: number) => void;
  max: number;
  label: string;
  size?: 'small' | 'medium';
  disabled?: boolean;
}) {
  const clamp = (n: number) => Math.min(Math.max(Number.isFinite(n) ? Math.trunc(n) : 1, 1), Math.max(max, 1));
  const small = size === 'small';
  const what = `la ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 99, bgcolor: 'background.paper', flexShrink: 0 }}
    >
      <IconButton size="small" aria-label={`Diminuisci ${what}`} disabled={disabled || value <= 1} onClick={() => onChange(clamp(value - 1))} sx={{ p: small ? 0.5 : 1 }}>
        <RemoveIcon fontSize="small" />
      </IconButton>
      <InputBase
        value={value}
        onChange={(e) => onChange(clamp(Number(e.target.value.replace(/\D/g, '') || '1')))}
        disabled={disabled}
        inputProps={{ 'aria-label': label, inputMode: 'numeric', style: { textAlign: 'center', padding: 0 } }}
        sx={{ width: small ? 26 : 40, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      />
      <IconButton size="small" aria-label={`Aumenta ${what}`} disabled={disabled || value >= max} onClick={() => onChange(clamp(value + 1))} sx={{ p: small ? 0.5 : 1 }}>
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/**
 * "Aggiungi al carrello" with a quantity. Logged out, it leads to login; other roles than customers
 * cannot buy, so they see why instead of a button that would fail.
 */
export function AddToCart({ product, compact = false }: { product: { id: string; name: string; stockQuantity: number }; compact?: boolean }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const add = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const max = maxQuantityFor(product.stockQuantity);
  const soldOut = max === 0;

  if (user && user.role !== 'customer') {
    return compact ? null : (
      <Typography variant="body2" color="text.secondary">Per ordinare accedi con un account cliente.</Typography>
    );
  }

  const onAdd = () => {
    if (!user) {
      toast({ title: 'Accedi per fare la spesa', description: 'Il carrello è legato al tuo account cliente.' });
      navigate('/auth', { state: { from: location.pathname } });
      return;
    }
    add.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: (cart) => {
          toast({ title: 'Aggiunto al carrello', description: `${quantity} × ${product.name} · ${cart.itemCount} ${cart.itemCount === 1 ? 'articolo' : 'articoli'} nel carrello`, variant: 'success' });
          setQuantity(1);
        },
        onError: (error) => toast({ title: 'Non aggiunto al carrello', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' }),
      },
    );
  };

  const stepper = (
    <QuantityStepper
      value={Math.min(quantity, Math.max(max, 1))}
      onChange={setQuantity}
      max={max}
      label={compact ? `Quantità di ${product.name}` : 'Quantità'}
      size={compact ? 'small' : 'medium'}
      disabled={soldOut || add.isPending}
    />
  );

  if (compact) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 0.5 }}>
        {stepper}
        <Tooltip title={soldOut ? 'Esaurito' : 'Aggiungi al carrello'}>
          <span>
            <IconButton
              aria-label={`Aggiungi ${product.name} al carrello`}
              onClick={onAdd}
              disabled={soldOut || add.isPending}
              sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }}
            >
              <AddShoppingCartIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {stepper}
      <Button
        variant="contained"
        size="large"
        startIcon={<AddShoppingCartIcon />}
        onClick={onAdd}
        disabled={soldOut || add.isPending}
        sx={{ flex: { xs: '1 1 180px', sm: '0 0 auto' } }}
      >
        {soldOut ? 'Esaurito' : add.isPending ? 'Aggiungo…' : 'Aggiungi al carrello'}
      </Button>
    </Box>
  );
}
