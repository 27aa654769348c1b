import PlaceIcon from '@mui/icons-material/Place';
import { Alert, Box, Card, CardContent, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { CartStore } from '../cart/api';
import { formatMoney } from '../../lib/money';
import { noPickupText, type ShippingCheck } from '@pure/orders/delivery';
import { dayLabel, type PickupDay } from './checkout-rules';
import { MAX_NOTES, type CheckoutValues } from './checkout-schema';
import { LimitedTextField } from '../../components/form-kit';
import { ShippingRules } from './ShippingRules';
import { WeekHours } from './WeekHours';

/** The fields of a shop's choice whose errors show beside the field itself; any other shows below the card. */
const inPlace = new Set(['pickupTime', 'deliveryAddress', 'notes']);

/** One shop: its lines, and pickup (day and time inside its hours) or shipping (its rules, checked against the address). */
export function StoreDelivery({ store, days, check, now }: { store: CartStore; days: PickupDay[]; check: ShippingCheck; now: Date }) {
  const { control, register, formState } = useFormContext<CheckoutValues>();
  const choice = `choices.${store.id}` as const;
  const deliveryType = useWatch({ control, name: `${choice}.deliveryType` });
  const notes = useWatch({ control, name: `${choice}.notes` });
  const errors: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(formState.errors.choices?.[store.id] ?? {}).map(([field, error]) => [field, (error as { message?: string } | undefined)?.message]),
  );
  const groupId = `delivery-${store.id}`;
  const noPickup = noPickupText(store);
  const storeErrors = Object.entries(errors).filter(([field, message]) => message && !inPlace.has(field) && !(noPickup && message === noPickup));
  return (
    <Card component="section" aria-label={`Consegna da ${store.name}`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {store.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {store.items.map((i) => `${i.quantity} × ${i.name}`).join(' · ')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
            Prodotti: {formatMoney(store.subtotal)}
          </Typography>
        </Box>

        <FormControl>
          <FormLabel id={groupId}>Come vuoi ricevere l’ordine?</FormLabel>
          <Controller
            control={control}
            name={`${choice}.deliveryType`}
            render={({ field }) => (
              <RadioGroup aria-labelledby={groupId} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                <FormControlLabel
                  value="pickup"
                  control={<Radio />}
                  disabled={!store.pickup}
                  label={store.pickup ? 'Ritiro in negozio (gratis)' : 'Ritiro in negozio (non disponibile: orari non indicati)'}
                />
                <FormControlLabel
                  value="shipping"
                  control={<Radio />}
                  disabled={!check.offered}
                  label={check.offered ? `Spedizione a domicilio (${check.cost === 0 ? 'gratis' : formatMoney(check.cost)})` : 'Spedizione (non disponibile da questo negozio)'}
                />
              </RadioGroup>
            )}
          />
        </FormControl>

        {noPickup && <Alert severity={store.shipping.enabled ? 'info' : 'warning'}>{noPickup}</Alert>}

        {deliveryType === 'pickup' ? (
          noPickup ? null : (
            <PickupChoice store={store} days={days} now={now} error={errors.pickupTime} />
          )
        ) : (
          <ShippingRules store={store} check={check} error={errors.deliveryAddress} />
        )}
        <LimitedTextField
          label={`Note per ${store.name}`}
          multiline
          minRows={2}
          {...register(`${choice}.notes`)}
          value={notes ?? ''}
          limit={MAX_NOTES}
          error={errors.notes}
          hint="Facoltative, le legge solo questo negozio: ad esempio citofono e piano, o una preferenza sui prodotti."
        />
        {storeErrors.map(([field, message]) => (
          <Alert key={field} severity="error" role="alert">
            {message}
          </Alert>
        ))}
      </CardContent>
    </Card>
  );
}

/** Where to collect, the week's hours, and a day and a time among the shop's free ones. */
function PickupChoice({ store, days, now, error }: { store: CartStore; days: PickupDay[]; now: Date; error?: string }) {
  const { control, getValues, setValue } = useFormContext<CheckoutValues>();
  const choice = `choices.${store.id}` as const;
  const chosenDay = useWatch({ control, name: `${choice}.day` });
  const day = days.find((d) => d.date === chosenDay);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
        <PlaceIcon fontSize="small" color="secondary" sx={{ mt: '2px' }} />
        <span>
          Ritiri in <strong>{store.address}</strong>
        </span>
      </Typography>
      <WeekHours store={store} />
      {days.length === 0 ? (
        <Alert severity="warning">Il negozio non ha orari di apertura nei prossimi giorni: scegli la spedizione, se la offre, o contattalo.</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' }}>
          <Controller
            control={control}
            name={`${choice}.day`}
            render={({ field }) => (
              <TextField
                select
                label="Giorno del ritiro"
                value={day ? field.value : ''}
                onChange={(e) => {
                  // The time stays when the new day offers it too, else the day's first.
                  const next = days.find((d) => d.date === e.target.value);
                  const time = getValues(`${choice}.time`);
                  field.onChange(e.target.value);
                  setValue(`${choice}.time`, next?.times.includes(time) ? time : (next?.times[0] ?? ''));
                }}
                helperText={day ? `Aperto ${day.hours.join(', ')}` : undefined}
              >
                {days.map((d) => (
                  <MenuItem key={d.date} value={d.date}>
                    {dayLabel(d.date, now)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name={`${choice}.time`}
            render={({ field }) => (
              <TextField
                select
                label="Ora del ritiro"
                value={day?.times.includes(field.value) ? field.value : ''}
                onChange={(e) => field.onChange(e.target.value)}
                error={Boolean(error)}
                helperText={error}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
              >
                {(day?.times ?? []).map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
      )}
    </Box>
  );
}
