import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchIcon from '@mui/icons-material/Search';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, IconButton, Link as MuiLink, Tooltip, Typography } from '@mui/material';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCart, useChangeCartItem, useClearCart, useRemoveCartItem, type CartItem, type CartStore } from './api';
import { errorText } from '../../lib/client';
import { formatMoney } from '../../lib/money';
import { toast } from '../../components/toast/toast-store';
import { DashboardHeader } from '../../components/DashboardHeader';
import { maxQuantityFor, QuantityStepper, readQuantity, tooManyText } from './AddToCart';
import { noPickupText, storeDelivers } from '@pure/orders/delivery';
import { cartLineProblem, storeIsOrderable } from '../checkout/checkout-rules';
import { EmptyState } from '../../components/EmptyState';
import { ProductImage } from '../products/product-parts';
import { UnreadCart } from './UnreadCart';
import { Skeletons } from '../../components/Skeletons';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** /customer/cart — the lines grouped by shop, with each shop's subtotal and the total. */
export default function CartPage() {
  const { data: cart, error, isPending } = useCart();
  const navigate = useNavigate();
  const [confirmClear, setConfirmClear] = useState(false);
  const clear = useClearCart();

  if (error || isPending) return <UnreadCart title="Carrello" error={error} skeleton={<Skeletons label="Caricamento del carrello" heights={[180, 120]} gap={2} />} />;
  if (cart.items.length === 0) {
    return (
      <>
        <DashboardHeader title="Carrello" />
        <EmptyState
          icon={<ShoppingCartIcon />}
          title="Il carrello è vuoto"
          text="Cerca un prodotto nei negozi vicino a te e tocca «Aggiungi al carrello»: lo ritroverai qui."
          go={{ to: '/search', label: 'Cerca prodotti', icon: <SearchIcon /> }}
        />
      </>
    );
  }

  const orderable = cart.stores.every(storeIsOrderable);
  const delivered = cart.stores.every(storeDelivers);
  const onClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        setConfirmClear(false);
        toast({ title: 'Carrello svuotato', variant: 'success' });
      },
      onError: (e) => toast({ title: 'Carrello non svuotato', description: errorText(e, 'Riprova tra poco.'), variant: 'destructive' }),
    });

  return (
    <>
      <DashboardHeader
        title="Carrello"
        subtitle={`${cart.itemCount} ${cart.itemCount === 1 ? 'articolo' : 'articoli'} da ${cart.stores.length} ${cart.stores.length === 1 ? 'negozio' : 'negozi'}`}
        aside={
          <Button color="inherit" startIcon={<RemoveShoppingCartIcon />} onClick={() => setConfirmClear(true)}>
            Svuota carrello
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {cart.stores.map((store) => (
            <StoreGroup key={store.id} store={store} />
          ))}
        </Box>
        <Card component="aside" aria-label="Riepilogo" sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="h4" component="h2">
              Riepilogo
            </Typography>
            {cart.stores.map((s) => (
              <Box key={s.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {s.name}
                </Typography>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(s.subtotal)}</Typography>
              </Box>
            ))}
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 700 }}>Totale prodotti</Typography>
              <Typography sx={{ fontWeight: 800, fontSize: '1.4rem' }} data-testid="cart-total">
                {formatMoney(cart.subtotal)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              Ritiro in negozio gratuito; le spese di consegna, se scegli la spedizione, si vedono nel prossimo passo.
            </Typography>
            {!orderable && <Alert severity="warning">Alcuni prodotti non si possono ordinare così: correggi le righe segnalate.</Alert>}
            {!delivered && <Alert severity="warning">Un negozio del carrello per ora non accetta ordini: leggi il motivo nella sua sezione.</Alert>}
            <Button variant="contained" size="large" endIcon={<ArrowForwardIcon />} disabled={!orderable || !delivered} onClick={() => navigate('/customer/checkout')}>
              Procedi all’ordine
            </Button>
          </CardContent>
        </Card>
      </Box>

      <ConfirmDialog
        id="clear-cart"
        open={confirmClear}
        title="Svuotare il carrello?"
        text="Tutti i prodotti di tutti i negozi verranno tolti dal carrello."
        confirm={{ label: 'Svuota', busy: clear.isPending, onConfirm: onClear }}
        onClose={() => setConfirmClear(false)}
      />
    </>
  );
}

function StoreGroup({ store }: { store: CartStore }) {
  return (
    <Card component="section" aria-label={`Prodotti di ${store.name}`}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <StorefrontIcon color="secondary" />
          <MuiLink
            component={Link}
            to={`/stores/${store.slug}`}
            underline="hover"
            sx={{ fontWeight: 700, fontSize: '1.15rem', color: 'text.primary', overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {store.name}
          </MuiLink>
          <Chip
            size="small"
            icon={<ScheduleIcon />}
            color={store.openNow ? 'success' : 'default'}
            label={store.openingHours === null ? 'Orari non indicati' : store.openNow ? 'Aperto ora' : 'Chiuso ora'}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
          <LocalShippingIcon sx={{ fontSize: 18 }} />
          {store.shipping.enabled
            ? `${store.pickup ? 'Ritiro in negozio o consegna' : 'Consegna'} entro ${store.shipping.radiusKm.toLocaleString('it-IT')} km${store.shipping.cost ? ` (${formatMoney(store.shipping.cost)})` : ' gratuita'}`
            : store.pickup
              ? 'Solo ritiro in negozio'
              : 'Né ritiro né consegna, per ora'}
        </Typography>
        {noPickupText(store) && (
          <Alert severity={store.shipping.enabled ? 'info' : 'warning'} sx={{ mb: 1 }}>
            {noPickupText(store)}
          </Alert>
        )}
        {store.items.map((item, i) => (
          <Fragment key={item.id}>
            {i > 0 && <Divider />}
            <CartLine item={item} />
          </Fragment>
        ))}
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, pt: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>Subtotale</Typography>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(store.subtotal)}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const change = useChangeCartItem();
  const remove = useRemoveCartItem();
  const problem = cartLineProblem(item);
  const failed = (title: string) => (e: unknown) => toast({ title, description: errorText(e, 'Riprova tra poco.'), variant: 'destructive' });
  const max = maxQuantityFor(item.stockQuantity);
  const tooMany = tooManyText(item.stockQuantity);
  // What the customer typed, kept as typed: a quantity is sent once it is one (after a pause in the
  // typing, so 12 is not sent as 1 first), else its reason shows under it and nothing is sent.
  // A quantity typed and waiting for the pause is sent all the same when the line goes (the
  // customer leaves for the checkout at once): never dropped in silence.
  const [typed, setTyped] = useState<string | null>(null);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; quantity: number } | null>(null);
  const send = (quantity: number) => {
    if (quantity !== item.quantity)
      change.mutate(
        { id: item.id, quantity },
        {
          onError: (e) => {
            setTyped(null);
            failed('Quantità non cambiata')(e);
          },
        },
      );
  };
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });
  const flush = () => {
    const waiting = pending.current;
    pending.current = null;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    latestSend.current(waiting.quantity);
  };
  useEffect(() => () => flush(), []);
  const onText = (next: string, stepped: boolean) => {
    setTyped(next);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    const { quantity } = readQuantity(next, max, tooMany);
    if (quantity === undefined) return;
    if (stepped) send(quantity);
    else pending.current = { timer: setTimeout(flush, 500), quantity };
  };
  // Awaited: once removed, this line is gone from the page before a callback of its own could run.
  const onRemove = () => remove.mutateAsync({ id: item.id }).then(() => toast({ title: 'Tolto dal carrello', description: item.name }), failed('Prodotto non tolto'));
  const busy = change.isPending || remove.isPending;
  return (
    <Box
      data-testid="cart-line"
      sx={{
        display: 'grid',
        gridTemplateColumns: '64px minmax(0, 1fr) auto',
        gridTemplateAreas: '"img info del" "img qty total"',
        columnGap: 1.5,
        rowGap: 1,
        py: 1.5,
        opacity: busy ? 0.6 : 1,
      }}
    >
      <Box sx={{ gridArea: 'img', opacity: item.available ? 1 : 0.5 }}>
        <ProductImage src={item.imageUrl} alt={item.name} />
      </Box>
      <Box sx={{ gridArea: 'info', minWidth: 0 }}>
        <MuiLink component={Link} to={`/products/${item.productId}`} underline="hover" sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
          {item.name}
        </MuiLink>
        <Typography variant="body2" color="text.secondary">
          {formatMoney(item.price)} cad.
        </Typography>
        {problem && (
          <Typography variant="body2" color="error" role="alert" sx={{ fontWeight: 600 }}>
            {problem}
          </Typography>
        )}
      </Box>
      <Box sx={{ gridArea: 'del', justifySelf: 'end' }}>
        <Tooltip title="Togli dal carrello">
          <IconButton aria-label={`Togli ${item.name} dal carrello`} onClick={onRemove} disabled={busy} size="small">
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ gridArea: 'qty' }}>
        {item.available && (
          <QuantityStepper
            text={typed ?? String(item.quantity)}
            onText={onText}
            last={item.quantity}
            max={max}
            tooMany={tooMany}
            label={`Quantità di ${item.name}`}
            size="small"
            disabled={max < 1}
            busy={busy}
          />
        )}
      </Box>
      <Typography sx={{ gridArea: 'total', justifySelf: 'end', alignSelf: 'center', fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(Math.round(item.price * item.quantity * 100) / 100)}
      </Typography>
    </Box>
  );
}
