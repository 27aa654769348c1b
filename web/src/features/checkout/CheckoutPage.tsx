import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import PlaceIcon from '@mui/icons-material/Place';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import {
  Alert, Box, Button, Card, CardContent, CircularProgress, Divider, FormControl, FormControlLabel, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup, Skeleton, TextField, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { cartUrl, useCart, type CartStore } from '../cart/api';
import { ApiError, errorText } from '../../lib/client';
import { paymentMethodLabel, useCheckout, type CheckoutInput, type DeliveryType } from '../orders/api';
import { randomUuid } from '../../lib/random-uuid';
import type { Weekday } from '../stores/api';
import { useAuth } from '../../app/auth';
import { romeToIso } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { toast } from '../../components/toast/toast-store';
import { DashboardHeader } from '../../components/DashboardHeader';
import {
  checkShipping, contactErrors, dayLabel, formatKm, noPickupText, pickupDays, storeDelivers, storeIsOrderable, type Contact, type PickupDay, type Position, type ShippingCheck,
} from './checkout-rules';
import { EmptyState } from '../../components/EmptyState';

/* Leaflet loads only when the customer chooses shipping. */
const MapPicker = lazy(() => import('../../components/MapPicker').then((m) => ({ default: m.MapPicker })));

interface StoreChoice {
  deliveryType: DeliveryType;
  day: string;
  time: string;
}

const weekdayNames: Record<Weekday, string> = { '1': 'Lun', '2': 'Mar', '3': 'Mer', '4': 'Gio', '5': 'Ven', '6': 'Sab', '0': 'Dom' };
const mondayFirst: Weekday[] = ['1', '2', '3', '4', '5', '6', '0'];

const addressWording = {
  hint: 'Tocca la mappa dove vuoi ricevere l’ordine, o trascina il segnaposto; puoi anche usare la tua posizione.',
  mapLabel: 'Mappa per scegliere dove consegnare',
  pinTitle: 'Indirizzo di consegna',
};

/** /customer/checkout — per shop pickup or shipping, the customer's details, and one order per shop. */
export default function CheckoutPage() {
  const { data: cart, error, isPending } = useCart();
  // Held here: placing the order empties the cart, and the page must not flash "empty" before it moves on.
  const checkout = useCheckout();
  if (error) {
    return (
      <>
        <DashboardHeader title="Conferma l’ordine" />
        <Card><EmptyState icon={<ShoppingCartIcon />} title="Carrello non disponibile" text={errorText(error, 'Non riusciamo a leggere il carrello: riprova tra poco.')} /></Card>
      </>
    );
  }
  if (isPending) {
    return (
      <>
        <DashboardHeader title="Conferma l’ordine" />
        <Box role="status" aria-label="Caricamento" sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={200} />
          <Skeleton variant="rounded" height={200} />
        </Box>
      </>
    );
  }
  if (cart.stores.length === 0 && (checkout.isPending || checkout.isSuccess)) {
    return <Box role="status" aria-label="Invio dell’ordine" sx={{ minHeight: '40vh', display: 'grid', placeItems: 'center' }}><CircularProgress color="secondary" /></Box>;
  }
  if (cart.stores.length === 0) {
    return (
      <>
        <DashboardHeader title="Conferma l’ordine" />
        <Card>
          <EmptyState
            icon={<ShoppingCartIcon />}
            title="Il carrello è vuoto"
            text="Non c’è niente da ordinare: aggiungi qualche prodotto dai negozi vicini."
            action={<Button component={Link} to="/search" variant="contained">Cerca prodotti</Button>}
          />
        </Card>
      </>
    );
  }
  return <CheckoutForm stores={cart.stores} checkout={checkout} />;
}

function CheckoutForm({ stores, checkout }: { stores: CartStore[]; checkout: ReturnType<typeof useCheckout> }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useMemo(() => new Date(), []);
  const daysByStore = useMemo(() => new Map(stores.map((s) => [s.id, pickupDays(s.openingHours, now)])), [stores, now]);

  const [contact, setContact] = useState<Contact>({ customerName: user?.name ?? '', customerPhone: '', customerEmail: user?.email ?? '' });
  // Each shop reads only its own note: a delivery note is no business of the shop where the customer collects.
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [choices, setChoices] = useState<Record<string, StoreChoice>>({});
  const [address, setAddress] = useState('');
  const [position, setPosition] = useState<Position | null>(null);
  // One key per checkout attempt: a retry (double click, network error) sends it again and never orders twice.
  const [idempotencyKey, setIdempotencyKey] = useState(randomUuid);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const choiceOf = (store: CartStore): StoreChoice => {
    const chosen = choices[store.id];
    if (chosen) return chosen;
    const first = daysByStore.get(store.id)?.[0];
    // A shop without stated hours takes no pickup: shipping is the choice left, when it ships.
    return { deliveryType: store.pickup || !store.shipping.enabled ? 'pickup' : 'shipping', day: first?.date ?? '', time: first?.times[0] ?? '' };
  };
  const setChoice = (store: CartStore, change: Partial<StoreChoice>) => setChoices((all) => ({ ...all, [store.id]: { ...choiceOf(store), ...change } }));

  const shippingChecks = new Map(stores.map((s) => [s.id, checkShipping(s, position)]));
  const shipping = stores.filter((s) => choiceOf(s).deliveryType === 'shipping');
  const costOf = (s: CartStore) => (choiceOf(s).deliveryType === 'shipping' ? shippingChecks.get(s.id)!.cost : 0);
  const grandTotal = Math.round(stores.reduce((sum, s) => sum + s.subtotal + costOf(s), 0) * 100) / 100;
  const orderable = stores.every(storeIsOrderable);
  const delivered = stores.every(storeDelivers);

  /** The problems the page can see itself, keyed as the server keys them. */
  const localErrors = (): Record<string, string> => {
    const found: Record<string, string> = { ...contactErrors(contact) };
    stores.forEach((s, i) => {
      const choice = choiceOf(s);
      if (choice.deliveryType === 'pickup') {
        const noPickup = noPickupText(s);
        if (noPickup) {
          found[`stores.${i}.deliveryType`] = noPickup;
          return;
        }
        if (!choice.day || !choice.time) found[`stores.${i}.pickupTime`] = 'Scegli il giorno e l’ora del ritiro.';
        return;
      }
      const check = shippingChecks.get(s.id)!;
      if (!check.offered) found[`stores.${i}.deliveryType`] = 'Questo negozio non effettua spedizioni: scegli il ritiro in negozio.';
      else if (!check.meetsMinimum) found[`stores.${i}.deliveryType`] = `Per la spedizione serve un ordine minimo di ${formatMoney(s.shipping.minimumOrder ?? 0)}.`;
      else if (check.inRadius === false) found[`stores.${i}.deliveryAddress`] = `L’indirizzo è a ${formatKm(check.distance!)}: il negozio spedisce entro ${formatKm(s.shipping.radiusKm)}.`;
    });
    if (shipping.length) {
      if (!address.trim()) found.deliveryAddress = 'Scrivi l’indirizzo di consegna.';
      if (!position) found.deliveryPosition = 'Indica sulla mappa dove consegnare, o usa la tua posizione.';
    }
    return found;
  };

  const onSubmit = () => {
    setFormError(null);
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length) {
      setFormError('Controlla i campi segnalati in rosso.');
      return;
    }
    const input: CheckoutInput = {
      customerName: contact.customerName.trim(),
      customerPhone: contact.customerPhone.trim(),
      customerEmail: contact.customerEmail.trim(),
      paymentMethod: 'cash',
      stores: stores.map((s) => {
        const choice = choiceOf(s);
        const note = notes[s.id]?.trim() || undefined;
        return choice.deliveryType === 'pickup'
          ? { storeId: s.id, deliveryType: 'pickup', pickupTime: romeToIso(choice.day, choice.time), notes: note }
          : { storeId: s.id, deliveryType: 'shipping', deliveryAddress: address.trim(), deliveryLatitude: position!.latitude, deliveryLongitude: position!.longitude, notes: note };
      }),
    };
    // Awaited rather than given callbacks: the form may unmount while the cart empties, and the page must still move on.
    checkout.mutateAsync({ input, idempotencyKey }).then(
      ({ orders }) => {
        setIdempotencyKey(randomUuid());
        toast({ title: orders.length === 1 ? 'Ordine inviato' : `${orders.length} ordini inviati`, description: 'Il negozio lo riceve ora: ti avvisiamo a ogni passo.', variant: 'success' });
        navigate(`/customer/checkout/confirmation?orders=${orders.map((o) => o.id).join(',')}`, { replace: true });
      },
      (error: unknown) => {
        const message = errorText(error, 'Ordine non inviato: riprova tra poco.');
        setFormError(message);
        if (error instanceof ApiError) {
          setErrors(error.fieldErrors);
          // Stock moved under the customer's feet: show the cart as it is now.
          if (error.status === 409) void queryClient.invalidateQueries({ queryKey: [cartUrl] });
        }
        toast({ title: 'Ordine non inviato', description: message, variant: 'destructive' });
      },
    );
  };

  const contactField = (name: keyof Contact, label: string, props: { type?: string; autoComplete: string }) => (
    <TextField
      label={label}
      required
      value={contact[name]}
      onChange={(e) => setContact({ ...contact, [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      {...props}
    />
  );

  return (
    <>
      <DashboardHeader
        title="Conferma l’ordine"
        subtitle="Scegli come ricevere i prodotti di ogni negozio: paghi in contanti al ritiro o alla consegna."
        aside={<Button component={Link} to="/customer/cart" color="inherit" startIcon={<ArrowBackIcon />}>Torna al carrello</Button>}
      />
      {!delivered && (
        <Alert severity="warning" sx={{ mb: 2 }} action={<Button component={Link} to="/customer/cart" color="inherit">Vai al carrello</Button>}>
          Un negozio del carrello per ora non accetta ordini: togli i suoi prodotti per ordinare il resto.
        </Alert>
      )}
      {!orderable && (
        <Alert severity="warning" sx={{ mb: 2 }} action={<Button component={Link} to="/customer/cart" color="inherit">Vai al carrello</Button>}>
          Alcuni prodotti non sono più disponibili nella quantità scelta: correggi il carrello prima di ordinare.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {stores.map((store, i) => (
            <StoreDelivery
              key={store.id}
              store={store}
              days={daysByStore.get(store.id) ?? []}
              choice={choiceOf(store)}
              onChange={(change) => setChoice(store, change)}
              check={shippingChecks.get(store.id)!}
              note={notes[store.id] ?? ''}
              onNote={(note) => setNotes((all) => ({ ...all, [store.id]: note }))}
              errors={Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith(`stores.${i}.`)).map(([k, v]) => [k.slice(`stores.${i}.`.length), v]))}
              now={now}
            />
          ))}

          {shipping.length > 0 && (
            <Section title="Dove consegnare" icon={<PlaceIcon />}>
              <TextField
                label="Indirizzo di consegna"
                required
                placeholder="Via, numero civico, città"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                autoComplete="street-address"
                error={Boolean(errors.deliveryAddress)}
                helperText={errors.deliveryAddress ?? 'Citofono, scala e piano vanno nelle note per il negozio che spedisce.'}
              />
              <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label="Caricamento della mappa" />}>
                <MapPicker value={position} onChange={setPosition} error={errors.deliveryPosition} wording={addressWording} />
              </Suspense>
              {position &&
                shipping.map((s) => {
                  const check = shippingChecks.get(s.id)!;
                  return (
                    <Typography key={s.id} variant="body2" sx={{ display: 'flex', gap: 0.75, alignItems: 'center', color: check.inRadius ? 'success.main' : 'error.main', fontWeight: 600 }}>
                      {check.inRadius ? <CheckCircleIcon fontSize="small" /> : <ErrorOutlineIcon fontSize="small" />}
                      {s.name}: {formatKm(check.distance!)} {check.inRadius ? `(consegna entro ${formatKm(s.shipping.radiusKm)})` : `— fuori dal raggio di ${formatKm(s.shipping.radiusKm)}`}
                    </Typography>
                  );
                })}
            </Section>
          )}

          <Section title="I tuoi dati" icon={<PersonIcon />}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {contactField('customerName', 'Nome e cognome', { autoComplete: 'name' })}
              {contactField('customerPhone', 'Telefono', { type: 'tel', autoComplete: 'tel' })}
              <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{contactField('customerEmail', 'E-mail', { type: 'email', autoComplete: 'email' })}</Box>
            </Box>
          </Section>

          <Section title="Pagamento" icon={<PaymentsIcon />}>
            <FormControl error={Boolean(errors.paymentMethod)}>
              <FormLabel id="payment-method">Metodo di pagamento</FormLabel>
              <RadioGroup aria-labelledby="payment-method" value="cash">
                <FormControlLabel value="cash" control={<Radio />} label="Contanti" />
              </RadioGroup>
              <FormHelperText>{errors.paymentMethod ?? 'Paghi direttamente al negoziante: in negozio se ritiri, alla porta se ti spedisce. Nessun addebito adesso.'}</FormHelperText>
            </FormControl>
          </Section>
        </Box>

        <Card component="aside" aria-label="Riepilogo dell’ordine" sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <CardContent sx={{ display: 'grid', gap: 1.25 }}>
            <Typography variant="h4" component="h2">Riepilogo</Typography>
            {stores.map((s) => {
              const cost = costOf(s);
              const ships = choiceOf(s).deliveryType === 'shipping';
              return (
                <Box key={s.id} sx={{ display: 'grid', gap: 0.25 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{s.name}</Typography>
                  <Line label="Prodotti" value={formatMoney(s.subtotal)} />
                  {storeDelivers(s) ? (
                    <>
                      <Line label={ships ? 'Spedizione' : 'Ritiro in negozio'} value={cost === 0 ? 'Gratis' : formatMoney(cost)} />
                      <Line label="Totale negozio" value={formatMoney(Math.round((s.subtotal + cost) * 100) / 100)} strong />
                      <Typography variant="body2" color="text.secondary">Pagamento: {paymentMethodLabel({ paymentMethod: 'cash', deliveryType: choiceOf(s).deliveryType })}</Typography>
                    </>
                  ) : (
                    <Line label="Ritiro o consegna" value="Non disponibili" />
                  )}
                </Box>
              );
            })}
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>Totale</Typography>
              <Typography sx={{ fontWeight: 800, fontSize: '1.5rem' }} data-testid="checkout-total">{formatMoney(grandTotal)}</Typography>
            </Box>
            {formError && <Alert severity="error" role="alert">{formError}</Alert>}
            <Button variant="contained" size="large" onClick={onSubmit} disabled={checkout.isPending || !orderable || !delivered}>
              {checkout.isPending ? 'Invio in corso…' : stores.length === 1 ? 'Conferma ordine' : `Conferma ${stores.length} ordini`}
            </Button>
            {stores.length > 1 && <Typography variant="caption" color="text.secondary">Ogni negozio riceve il suo ordine e lo prepara per conto suo.</Typography>}
          </CardContent>
        </Card>
      </Box>
    </>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 600 : 400 }}>{label}</Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
    </Box>
  );
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h4" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, '& svg': { color: 'secondary.main' } }}>
          {icon}
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** One shop: its lines, and pickup (day and time inside its hours) or shipping (its rules, checked against the address). */
function StoreDelivery({ store, days, choice, onChange, check, note, onNote, errors, now }: {
  store: CartStore;
  days: PickupDay[];
  choice: StoreChoice;
  onChange: (change: Partial<StoreChoice>) => void;
  check: ShippingCheck;
  note: string;
  onNote: (note: string) => void;
  errors: Record<string, string>;
  now: Date;
}) {
  const day = days.find((d) => d.date === choice.day);
  const groupId = `delivery-${store.id}`;
  const noPickup = noPickupText(store);
  const storeErrors = Object.entries(errors).filter(([field]) => field !== 'pickupTime' && field !== 'deliveryAddress' && field !== 'notes' && !(noPickup && errors[field] === noPickup));
  return (
    <Card component="section" aria-label={`Consegna da ${store.name}`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>{store.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {store.items.map((i) => `${i.quantity} × ${i.name}`).join(' · ')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>Prodotti: {formatMoney(store.subtotal)}</Typography>
        </Box>

        <FormControl>
          <FormLabel id={groupId}>Come vuoi ricevere l’ordine?</FormLabel>
          <RadioGroup aria-labelledby={groupId} value={choice.deliveryType} onChange={(e) => onChange({ deliveryType: e.target.value as DeliveryType })}>
            <FormControlLabel value="pickup" control={<Radio />} disabled={!store.pickup} label={store.pickup ? 'Ritiro in negozio (gratis)' : 'Ritiro in negozio (non disponibile: orari non indicati)'} />
            <FormControlLabel
              value="shipping"
              control={<Radio />}
              disabled={!check.offered}
              label={check.offered ? `Spedizione a domicilio (${check.cost === 0 ? 'gratis' : formatMoney(check.cost)})` : 'Spedizione (non disponibile da questo negozio)'}
            />
          </RadioGroup>
        </FormControl>

        {noPickup && <Alert severity={store.shipping.enabled ? 'info' : 'warning'}>{noPickup}</Alert>}

        {choice.deliveryType === 'pickup' ? (
          noPickup ? null : <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
              <PlaceIcon fontSize="small" color="secondary" sx={{ mt: '2px' }} />
              <span>Ritiri in <strong>{store.address}</strong></span>
            </Typography>
            <WeekHours store={store} />
            {days.length === 0 ? (
              <Alert severity="warning">Il negozio non ha orari di apertura nei prossimi giorni: scegli la spedizione, se la offre, o contattalo.</Alert>
            ) : (
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' }}>
                <TextField
                  select
                  label="Giorno del ritiro"
                  value={day ? choice.day : ''}
                  onChange={(e) => {
                    const next = days.find((d) => d.date === e.target.value);
                    onChange({ day: e.target.value, time: next?.times.includes(choice.time) ? choice.time : next?.times[0] ?? '' });
                  }}
                  helperText={day ? `Aperto ${day.hours.join(', ')}` : undefined}
                >
                  {days.map((d) => (
                    <MenuItem key={d.date} value={d.date}>{dayLabel(d.date, now)}</MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label="Ora del ritiro"
                  value={day?.times.includes(choice.time) ? choice.time : ''}
                  onChange={(e) => onChange({ time: e.target.value })}
                  error={Boolean(errors.pickupTime)}
                  helperText={errors.pickupTime}
                  slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
                >
                  {(day?.times ?? []).map((t) => (
                    <MenuItem key={t} value={t}>{t}</MenuItem>
                  ))}
                </TextField>
              </Box>
            )}
          </Box>
        ) : (
          <ShippingRules store={store} check={check} error={errors.deliveryAddress} />
        )}
        <TextField
          label={`Note per ${store.name}`}
          multiline
          minRows={2}
          value={note}
          onChange={(e) => onNote(e.target.value)}
          error={Boolean(errors.notes)}
          helperText={errors.notes ?? 'Facoltative, le legge solo questo negozio: ad esempio citofono e piano, o una preferenza sui prodotti.'}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {storeErrors.map(([field, message]) => (
          <Alert key={field} severity="error" role="alert">{message}</Alert>
        ))}
      </CardContent>
    </Card>
  );
}

/** The shop's week at a glance, Monday first, behind a toggle so the form stays short. */
function WeekHours({ store }: { store: CartStore }) {
  const [open, setOpen] = useState(false);
  const id = `hours-${store.id}`;
  return (
    <Box>
      <Button size="small" color="inherit" startIcon={<ScheduleIcon />} onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={id} sx={{ px: 1 }}>
        {open ? 'Nascondi gli orari' : 'Orari della settimana'}
      </Button>
      {open && <WeekTable id={id} store={store} />}
    </Box>
  );
}

function WeekTable({ id, store }: { id: string; store: CartStore }) {
  return (
    <Box component="dl" id={id} aria-label={`Orari di ${store.name}`} sx={{ m: 0, mt: 1, pl: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, typography: 'body2', color: 'text.secondary' }}>
      {mondayFirst.map((d) => {
        const slots = store.openingHours?.[d] ?? [];
        return (
          <Box key={d} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>{weekdayNames[d]}</Box>
            <Box component="dd" sx={{ m: 0 }}>{slots.length ? slots.map((s) => `${s.open}–${s.close}`).join(', ') : 'Chiuso'}</Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** Radius, cost, free threshold and minimum, each ticked or flagged for this cart and address. */
function ShippingRules({ store, check, error }: { store: CartStore; check: ShippingCheck; error?: string }) {
  const { shipping } = store;
  const rule = (ok: boolean | null, text: string) => (
    <Box component="li" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', color: ok === false ? 'error.main' : 'text.primary' }}>
      {ok === false ? <ErrorOutlineIcon fontSize="small" sx={{ mt: '1px' }} /> : ok ? <CheckCircleIcon fontSize="small" color="success" sx={{ mt: '1px' }} /> : <LocalShippingIcon fontSize="small" color="action" sx={{ mt: '1px' }} />}
      <span>{text}</span>
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box component="ul" aria-label={`Condizioni di spedizione di ${store.name}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75, typography: 'body2' }}>
        {rule(
          check.inRadius,
          check.distance === null
            ? `Consegna entro ${formatKm(shipping.radiusKm)} dal negozio: indica l’indirizzo qui sotto.`
            : `Consegna entro ${formatKm(shipping.radiusKm)}: il tuo indirizzo è a ${formatKm(check.distance)}.`,
        )}
        {rule(
          shipping.cost === 0 || check.free ? true : null,
          shipping.cost === 0 ? 'Spedizione gratuita.' : check.free ? `Spedizione gratuita: hai superato ${formatMoney(shipping.freeFrom ?? 0)}.` : `Costo di spedizione ${formatMoney(shipping.cost)}.`,
        )}
        {check.missingForFree !== null && rule(null, `Gratis da ${formatMoney(shipping.freeFrom ?? 0)}: ti mancano ${formatMoney(check.missingForFree)}.`)}
        {shipping.minimumOrder !== null &&
          rule(check.meetsMinimum, check.meetsMinimum ? `Ordine minimo ${formatMoney(shipping.minimumOrder)}: raggiunto.` : `Ordine minimo ${formatMoney(shipping.minimumOrder)}: ti mancano ${formatMoney(Math.round((shipping.minimumOrder - store.subtotal) * 100) / 100)}.`)}
      </Box>
      {shipping.note && <Typography variant="body2" sx={{ fontStyle: 'italic' }}>{shipping.note}</Typography>}
      {error && <Alert severity="error" role="alert">{error}</Alert>}
    </Box>
  );
}
