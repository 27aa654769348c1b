import AddIcon from '@mui/icons-material/Add';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, Button, IconButton, InputBase, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { maxLineQuantity, useAddToCart } from './api';
import { errorText } from '../../lib/client';
import { useAuth } from '../../app/auth';
import { toast } from '../../components/toast/toast-store';

/** The most of a product one line can hold: what the shop has, and never more than 99. */
export const maxQuantityFor = (stock: number) => Math.max(0, Math.min(stock, maxLineQuantity));

/** Why more than the most of a product a line can hold cannot be had: the shop's stock, or the cart's limit. */
export const tooManyText = (stock: number) =>
  stock > maxLineQuantity ? `Al massimo ${maxLineQuantity} pezzi per prodotto.` : stock === 1 ? 'Disponibile solo 1 pezzo.' : `Disponibili solo ${stock} pezzi.`;

/**
 * What a typed quantity means: a whole number from 1 to `max`, or why it is not, in Italian
 * (`tooMany` says why no more than `max`). What was typed is never turned into another number.
 */
export function readQuantity(text: string, max: number, tooMany = tooManyText(max)): { quantity: number; problem?: undefined } | { quantity?: undefined; problem: string } {
  if (max < 1) return { problem: 'Esaurito.' };
  const typed = text.trim();
  const range = max <= 1 ? 'Scrivi 1: è l’unico pezzo disponibile.' : `Scrivi un numero da 1 a ${max}.`;
  if (/^\d+[.,]\d*$/.test(typed)) return { problem: max <= 1 ? range : `Scrivi un numero intero da 1 a ${max}.` };
  if (!/^\d+$/.test(typed)) return { problem: range };
  const quantity = Number(typed);
  if (quantity < 1) return { problem: range };
  if (quantity > max) return { problem: tooMany };
  return { quantity };
}

/**
 * − n + : a quantity between 1 and `max`, typed or stepped. It shows `text`, what was typed, as it
 * is; a text that is no quantity (`readQuantity`) is marked wrong with why under it, and the
 * owner sends nothing until it is one. − and + step from `last`, the last quantity that was.
 */
export function QuantityStepper({
  text,
  onText,
  last,
  max,
  tooMany,
  label,
  size = 'medium',
  disabled = false,
  busy = false,
}: {
  text: string;
  /** What is now typed, or stepped to by − and + (`stepped`). */
  onText: (text: string, stepped: boolean) => void;
  last: number;
  max: number;
  tooMany?: string;
  label: string;
  size?: 'small' | 'medium';
  disabled?: boolean;
  /** While a quantity is being sent: − and + wait, typing goes on. */
  busy?: boolean;
}) {
  // Sold out, there is nothing to choose: the owner disables it and says why.
  const problem = max < 1 ? undefined : readQuantity(text, max, tooMany).problem;
  const small = size === 'small';
  const what = `la ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  const step = (n: number) => onText(String(Math.max(1, Math.min(n, Math.max(max, 1)))), true);
  const problemId = useId();
  return (
    // As wide as its − n + (min-content): the reason wraps under it instead of widening it.
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, width: 'min-content', flexShrink: 0 }}>
      <Box
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          border: 1,
          borderColor: problem ? 'error.main' : 'divider',
          borderRadius: 99,
          bgcolor: 'background.paper',
          flexShrink: 0,
        }}
      >
        <IconButton size="small" aria-label={`Diminuisci ${what}`} disabled={disabled || busy || last <= 1} onClick={() => step(last - 1)} sx={{ p: small ? 0.5 : 1 }}>
          <RemoveIcon fontSize="small" />
        </IconButton>
        <InputBase
          value={text}
          onChange={(e) => onText(e.target.value, false)}
          disabled={disabled}
          error={Boolean(problem)}
          inputProps={{
            'aria-label': label,
            'aria-invalid': problem ? true : undefined,
            'aria-describedby': problem ? problemId : undefined,
            inputMode: 'numeric',
            style: { textAlign: 'center', padding: 0 },
          }}
          // As wide as what is typed (up to 8 figures), so 9999 shows whole, never as 999.
          sx={{
            width: `calc(${Math.min(Math.max(text.length, 2), 8)}ch + ${small ? 12 : 20}px)`,
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            color: problem ? 'error.main' : undefined,
          }}
        />
        <IconButton size="small" aria-label={`Aumenta ${what}`} disabled={disabled || busy || last >= max} onClick={() => step(last + 1)} sx={{ p: small ? 0.5 : 1 }}>
          <AddIcon fontSize="small" />
        </IconButton>
      </Box>
      {problem && (
        <Typography id={problemId} role="alert" variant="caption" color="error" data-testid="quantity-problem" sx={{ fontWeight: 600, lineHeight: 1.3, minWidth: '100%' }}>
          {problem}
        </Typography>
      )}
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
  const [text, setText] = useState('1');
  const [last, setLast] = useState(1);
  const max = maxQuantityFor(product.stockQuantity);
  const soldOut = max === 0;
  const tooMany = tooManyText(product.stockQuantity);
  const { quantity, problem } = readQuantity(text, max, tooMany);
  const onText = (typed: string) => {
    setText(typed);
    const read = readQuantity(typed, max, tooMany);
    if (read.quantity) setLast(read.quantity);
  };

  if (user && user.role !== 'customer') {
    return compact ? null : (
      <Typography variant="body2" color="text.secondary">
        Per ordinare accedi con un account cliente.
      </Typography>
    );
  }

  const onAdd = () => {
    // A quantity that is none (its reason is under it) is never sent, nor turned into another.
    if (quantity === undefined) return;
    if (!user) {
      toast({ title: 'Accedi per fare la spesa', description: 'Il carrello è legato al tuo account cliente.' });
      void navigate('/auth', { state: { from: location.pathname } });
      return;
    }
    add.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: (cart) => {
          toast({
            title: 'Aggiunto al carrello',
            description: `${quantity} × ${product.name} · ${cart.itemCount} ${cart.itemCount === 1 ? 'articolo' : 'articoli'} nel carrello`,
            variant: 'success',
          });
          setText('1');
          setLast(1);
        },
        onError: (error) => toast({ title: 'Non aggiunto al carrello', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' }),
      },
    );
  };

  const stepper = (
    <QuantityStepper
      text={text}
      onText={onText}
      last={last}
      max={max}
      tooMany={tooMany}
      label={compact ? `Quantità di ${product.name}` : 'Quantità'}
      size={compact ? 'small' : 'medium'}
      disabled={soldOut}
      busy={add.isPending}
    />
  );

  if (compact) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 0.5 }}>
        {stepper}
        <Tooltip title={soldOut ? 'Esaurito' : (problem ?? 'Aggiungi al carrello')}>
          <span>
            <IconButton
              aria-label={`Aggiungi ${product.name} al carrello`}
              onClick={onAdd}
              disabled={soldOut || add.isPending || Boolean(problem)}
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
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {stepper}
      <Button
        variant="contained"
        size="large"
        startIcon={<AddShoppingCartIcon />}
        onClick={onAdd}
        disabled={soldOut || add.isPending || Boolean(problem)}
        sx={{ flex: { xs: '1 1 180px', sm: '0 0 auto' } }}
      >
        {soldOut ? 'Esaurito' : add.isPending ? 'Aggiungo…' : 'Aggiungi al carrello'}
      </Button>
    </Box>
  );
}
