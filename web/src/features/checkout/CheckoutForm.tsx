import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { Alert, Box, Button, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useController, useForm, useFormContext, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { DashboardHeader } from '../../components/DashboardHeader';
import { toast } from '../../components/toast/toast-store';
import { ApiError, errorText } from '../../lib/client';
import { romeToIso } from '../../lib/dates';
import { randomUuid } from '../../lib/random-uuid';
import { cartUrl, type CartStore } from '../cart/api';
import type { CheckoutInput, useCheckout } from '../orders/api';
import { paymentMethodLabels } from '@labels/orders';
import { checkShipping, storeDelivers } from '@pure/orders/delivery';
import { pickupDays, storeIsOrderable } from './checkout-rules';
import { checkoutSchema, defaultChoice, formFieldOf, type CheckoutValues, type StoreChoice } from './checkout-schema';
import { SectionCard } from '../../components/SectionCard';
import { DeliveryAddress } from './DeliveryAddress';
import { OrderSummary } from './OrderSummary';
import { StoreDelivery } from './StoreDelivery';

/** Per shop pickup or shipping, the customer's details, and one order per shop. */
export function CheckoutForm({ stores, checkout }: { stores: CartStore[]; checkout: ReturnType<typeof useCheckout> }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useMemo(() => new Date(), []);
  const daysByStore = useMemo(() => new Map(stores.map((s) => [s.id, pickupDays(s.openingHours, now)])), [stores, now]);
  const schema = useMemo(() => checkoutSchema(stores), [stores]);
  const form = useForm<CheckoutValues>({
    resolver: zodResolver(schema),
    // The fields mount as shops and shipping are chosen, so the first registered error is not the first on the page: the summary says what to check instead.
    shouldFocusError: false,
    defaultValues: {
      customerName: user?.name ?? '',
      customerPhone: '',
      customerEmail: user?.email ?? '',
      deliveryAddress: '',
      position: null,
      // Each shop reads only its own note: a delivery note is no business of the shop where the customer collects.
      choices: Object.fromEntries(stores.map((s) => [s.id, defaultChoice(s, daysByStore.get(s.id) ?? [])])),
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = form;
  // One key per checkout attempt: a retry (double click, network error) sends it again and never orders twice.
  const [idempotencyKey, setIdempotencyKey] = useState(randomUuid);
  const [formError, setFormError] = useState<string | null>(null);

  const values = watch();
  // A shop the cart gained since the form started takes its first choice.
  const choiceOf = (store: CartStore): StoreChoice => values.choices[store.id] ?? defaultChoice(store, daysByStore.get(store.id) ?? []);
  const checkOf = (store: CartStore) => checkShipping(store, values.position ?? null);
  const shipping = stores.filter((s) => choiceOf(s).deliveryType === 'shipping');
  const costOf = (s: CartStore) => (choiceOf(s).deliveryType === 'shipping' ? checkOf(s).cost : 0);
  const grandTotal = Math.round(stores.reduce((sum, s) => sum + s.subtotal + costOf(s), 0) * 100) / 100;
  const orderable = stores.every(storeIsOrderable);
  // Some shop takes payment online: each shop's way is chosen on its own.
  const online = stores.some((s) => s.paymentMethods.length > 1);
  const delivered = stores.every(storeDelivers);

  const send = async (v: CheckoutValues) => {
    const input: CheckoutInput = {
      customerName: v.customerName.trim(),
      customerPhone: v.customerPhone.trim(),
      customerEmail: v.customerEmail.trim(),
      paymentMethod: 'cash',
      stores: stores.map((s) => {
        const choice = choiceOf(s);
        const note = choice.notes.trim() || undefined;
        // A method the shop no longer takes (the cart was read again) falls back to cash.
        const paymentMethod = s.paymentMethods.includes(choice.paymentMethod) ? choice.paymentMethod : 'cash';
        return choice.deliveryType === 'pickup'
          ? { storeId: s.id, deliveryType: 'pickup', pickupTime: romeToIso(choice.day, choice.time), notes: note, paymentMethod }
          : {
              storeId: s.id,
              deliveryType: 'shipping',
              deliveryAddress: v.deliveryAddress.trim(),
              deliveryLatitude: v.position!.latitude,
              deliveryLongitude: v.position!.longitude,
              notes: note,
              paymentMethod,
            };
      }),
    };
    // Awaited rather than given callbacks: the form may unmount while the cart empties, and the page must still move on.
    await checkout.mutateAsync({ input, idempotencyKey }).then(
      ({ orders, paymentUrl }) => {
        setIdempotencyKey(randomUuid());
        if (paymentUrl) {
          // Paid online: on to the provider's page; it sends the customer back to the order.
          toast({
            title: orders.length === 1 ? 'Ordine inviato' : `${orders.length} ordini inviati`,
            description: 'Ora il pagamento: ti portiamo alla pagina sicura del pagamento.',
            variant: 'success',
          });
          window.location.assign(paymentUrl);
          return;
        }
        toast({
          title: orders.length === 1 ? 'Ordine inviato' : `${orders.length} ordini inviati`,
          description: 'Il negozio lo riceve ora: ti avvisiamo a ogni passo.',
          variant: 'success',
        });
        void navigate(`/customer/checkout/confirmation?orders=${orders.map((o) => o.id).join(',')}`, { replace: true });
      },
      (error: unknown) => {
        const message = errorText(error, 'Ordine non inviato: riprova tra poco.');
        setFormError(message);
        if (error instanceof ApiError) {
          clearErrors();
          for (const [field, text] of Object.entries(error.fieldErrors)) setError(formFieldOf(field, stores) as Path<CheckoutValues>, { message: text });
          // Stock moved under the customer's feet: show the cart as it is now.
          if (error.status === 409) void queryClient.invalidateQueries({ queryKey: [cartUrl] });
        }
        toast({ title: 'Ordine non inviato', description: message, variant: 'destructive' });
      },
    );
  };
  const onConfirm = () => {
    setFormError(null);
    void handleSubmit(send, () => setFormError('Controlla i campi segnalati in rosso.'))();
  };

  const contactField = (name: 'customerName' | 'customerPhone' | 'customerEmail', label: string, props: { type?: string; autoComplete: string }) => (
    <TextField label={label} required {...register(name)} error={Boolean(errors[name])} helperText={errors[name]?.message} fullWidth {...props} />
  );

  return (
    <FormProvider {...form}>
      <DashboardHeader
        title="Conferma l’ordine"
        subtitle={
          online
            ? 'Scegli come ricevere e come pagare i prodotti di ogni negozio.'
            : 'Scegli come ricevere i prodotti di ogni negozio: paghi in contanti al ritiro o alla consegna.'
        }
        aside={
          <Button component={Link} to="/customer/cart" color="inherit" startIcon={<ArrowBackIcon />}>
            Torna al carrello
          </Button>
        }
      />
      {!delivered && <FixTheCart>Un negozio del carrello per ora non accetta ordini: togli i suoi prodotti per ordinare il resto.</FixTheCart>}
      {!orderable && <FixTheCart>Alcuni prodotti non sono più disponibili nella quantità scelta: correggi il carrello prima di ordinare.</FixTheCart>}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {stores.map((store) => (
            <StoreDelivery key={store.id} store={store} days={daysByStore.get(store.id) ?? []} check={checkOf(store)} now={now} />
          ))}

          {shipping.length > 0 && <DeliveryAddress shipping={shipping} checkOf={checkOf} />}

          <SectionCard title="I tuoi dati" icon={<PersonIcon />}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {contactField('customerName', 'Nome e cognome', { autoComplete: 'name' })}
              {contactField('customerPhone', 'Telefono', { type: 'tel', autoComplete: 'tel' })}
              <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{contactField('customerEmail', 'E-mail', { type: 'email', autoComplete: 'email' })}</Box>
            </Box>
          </SectionCard>

          <SectionCard title="Pagamento" icon={<PaymentsIcon />}>
            {online ? (
              <Box sx={{ display: 'grid', gap: 2 }}>
                {stores.map((store) => (
                  <PaymentChoice key={store.id} store={store} named={stores.length > 1} deliveryType={choiceOf(store).deliveryType} />
                ))}
              </Box>
            ) : (
              <FormControl error={Boolean(errors.root?.paymentMethod)}>
                <FormLabel id="payment-method">Metodo di pagamento</FormLabel>
                <RadioGroup aria-labelledby="payment-method" value="cash">
                  <FormControlLabel value="cash" control={<Radio />} label="Contanti" />
                </RadioGroup>
                <FormHelperText>
                  {errors.root?.paymentMethod?.message ?? 'Paghi direttamente al negoziante: in negozio se ritiri, alla porta se ti spedisce. Nessun addebito adesso.'}
                </FormHelperText>
              </FormControl>
            )}
          </SectionCard>
        </Box>

        <OrderSummary
          stores={stores}
          deliveryOf={(s) => choiceOf(s).deliveryType}
          paymentOf={(s) => (s.paymentMethods.includes(choiceOf(s).paymentMethod) ? choiceOf(s).paymentMethod : 'cash')}
          costOf={costOf}
          total={grandTotal}
          formError={formError}
          sending={checkout.isPending}
          disabled={!orderable || !delivered}
          onConfirm={onConfirm}
        />
      </Box>
    </FormProvider>
  );
}

/** How one shop's order is paid: the ways that shop takes, cash said as it is for the delivery chosen. */
function PaymentChoice({ store, named, deliveryType }: { store: CartStore; named: boolean; deliveryType: StoreChoice['deliveryType'] }) {
  const { control } = useFormContext<CheckoutValues>();
  const { field, fieldState } = useController({ control, name: `choices.${store.id}.paymentMethod` as Path<CheckoutValues> });
  const id = `payment-${store.id}`;
  const value = store.paymentMethods.includes(field.value as never) ? (field.value as string) : 'cash';
  const cashLabel = deliveryType === 'pickup' ? 'Contanti in negozio, al ritiro' : 'Contanti alla consegna';
  return (
    <FormControl error={Boolean(fieldState.error)}>
      <FormLabel id={id} sx={{ overflowWrap: 'anywhere' }}>
        {named ? `Come paghi «${store.name}»` : 'Metodo di pagamento'}
      </FormLabel>
      <RadioGroup aria-labelledby={id} value={value} onChange={(e) => field.onChange(e.target.value)}>
        {store.paymentMethods.map((method) => (
          <FormControlLabel key={method} value={method} control={<Radio />} label={method === 'cash' ? cashLabel : paymentMethodLabels[method]} />
        ))}
      </RadioGroup>
      <FormHelperText>
        {fieldState.error?.message ??
          (value === 'cash'
            ? 'Paghi direttamente al negoziante. Nessun addebito adesso.'
            : 'Dopo la conferma paghi sulla pagina sicura del pagamento; il negozio prepara l’ordine appena il pagamento arriva (entro 30 minuti).')}
      </FormHelperText>
    </FormControl>
  );
}

/** What in the cart stops the order, with the way back to it. */
function FixTheCart({ children }: { children: string }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button component={Link} to="/customer/cart" color="inherit">
          Vai al carrello
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
