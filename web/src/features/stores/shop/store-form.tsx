import {
  Alert, Box, FormControl, FormControlLabel, FormHelperText, FormLabel, InputAdornment, InputLabel, MenuItem, Radio, RadioGroup, Select, Skeleton, Switch, TextField, Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Controller, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../lib/client';
import { useCategories, type OpeningHours, type Store, type StoreProfile } from '../api';
import { formatMoney } from '../../../lib/money';
import { formatOpeningHours, OpeningHoursEditor, openingHoursProblems, typicalOpeningHours } from '../OpeningHoursEditor';
import { missingHoursText } from './MissingHoursNotice';
import { ImageList, imageTypes, UploadButton } from '../../../components/form-kit';
import { amountField, amountText, numberText, optionalNumber, parseDecimal } from '../../../lib/money';

/* The store's form, shared by the creation wizard and the settings page. */

/** Leaflet loads only when a position field is on screen. */
const MapPicker = lazy(() => import('../../../components/MapPicker').then((m) => ({ default: m.MapPicker })));

const emailFormat = z.email();

/** The form's rules mirror the API's (src/http/schemas/store.ts), in words for the shopkeeper. */
export const storeFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Scrivi il nome del negozio.').min(2, 'Il nome deve avere almeno 2 caratteri.').max(100, 'Il nome può avere al massimo 100 caratteri.'),
    category: z.string().min(1, 'Scegli la categoria del negozio.'),
    description: z.string().max(2000, 'La descrizione può avere al massimo 2000 caratteri.'),
    storeType: z.enum(['retail', 'wholesale']),
    address: z.string().trim().min(1, "Scrivi l'indirizzo del negozio.").min(5, "Scrivi l'indirizzo completo: via, numero civico, CAP e città.").max(200, "L'indirizzo può avere al massimo 200 caratteri."),
    position: z
      .object({ latitude: z.number(), longitude: z.number() })
      .nullable()
      .refine((p) => p !== null, 'Indica sulla mappa dove si trova il negozio.'),
    // Null: not decided yet (the API takes a store without them, and it offers no pickup meanwhile).
    openingHours: z
      .custom<OpeningHours | null>()
      .refine((h) => h === null || Object.keys(openingHoursProblems(h)).length === 0, 'Correggi gli orari segnati in rosso.'),
    phone: z.string().trim().refine((s) => s === '' || /^\+?[\d\s/.-]{6,20}$/.test(s), 'Numero di telefono non valido, ad esempio +39 06 1234 5678.'),
    email: z.string().trim().refine((s) => s === '' || emailFormat.safeParse(s).success, 'Indirizzo e-mail non valido.'),
    website: z.string().trim().refine((s) => s === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(s), 'Indirizzo del sito non valido: scrivilo per intero, https://…'),
    showPhone: z.boolean(),
    showEmail: z.boolean(),
    showMap: z.boolean(),
    logo: z.string().nullable(),
    images: z.array(z.string()).max(10, 'Al massimo 10 foto.'),
    shippingEnabled: z.boolean(),
    shippingRadius: z.string().refine((s) => s.trim() === '' || (parseDecimal(s) > 0 && parseDecimal(s) <= 500), 'Un raggio in km, più di 0 e fino a 500.'),
    minimumOrderForShipping: amountField({ required: false, label: 'Ordine minimo' }),
    shippingCost: amountField({ required: false, label: 'Costo di spedizione' }),
    freeShippingThreshold: amountField({ required: false, label: 'Spedizione gratuita da' }),
    shippingNote: z.string().max(300, 'La nota può avere al massimo 300 caratteri.'),
    onlinePaymentsEnabled: z.boolean(),
    stripePaymentsEnabled: z.boolean(),
    paypalPaymentsEnabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.shippingEnabled) {
      if (v.shippingRadius.trim() === '') ctx.addIssue({ code: 'custom', path: ['shippingRadius'], message: 'Indica fino a quanti km dal negozio spedisci.' });
      if (v.shippingCost.trim() === '') ctx.addIssue({ code: 'custom', path: ['shippingCost'], message: 'Indica il costo di spedizione (0 se è sempre gratuita).' });
      const minimum = optionalNumber(v.minimumOrderForShipping);
      const free = optionalNumber(v.freeShippingThreshold);
      if (minimum !== null && free !== null && free < minimum) {
        ctx.addIssue({ code: 'custom', path: ['freeShippingThreshold'], message: "La soglia per la spedizione gratuita non può essere sotto l'ordine minimo." });
      }
    }
    if (v.onlinePaymentsEnabled && !v.stripePaymentsEnabled && !v.paypalPaymentsEnabled) {
      ctx.addIssue({ code: 'custom', path: ['onlinePaymentsEnabled'], message: 'Scegli almeno un modo di pagare online: carta (Stripe) o PayPal.' });
    }
  });

/** What the fields hold while editing (no position yet, before the map is clicked)… */
export type StoreFormValues = z.input<typeof storeFormSchema>;
/** …and what a valid form hands over. */
export type ValidStoreForm = z.output<typeof storeFormSchema>;
type StoreField = FieldPath<StoreFormValues>;

export const newStoreValues: StoreFormValues = {
  name: '',
  category: '',
  description: '',
  storeType: 'retail',
  address: '',
  position: null,
  openingHours: typicalOpeningHours,
  phone: '',
  email: '',
  website: '',
  showPhone: true,
  showEmail: true,
  showMap: true,
  logo: null,
  images: [],
  shippingEnabled: false,
  shippingRadius: '',
  minimumOrderForShipping: '',
  shippingCost: '',
  freeShippingThreshold: '',
  shippingNote: '',
  onlinePaymentsEnabled: false,
  stripePaymentsEnabled: false,
  paypalPaymentsEnabled: false,
};

export function storeValues(store: Store): ValidStoreForm {
  return {
    name: store.name,
    category: store.category,
    description: store.description,
    storeType: store.storeType,
    address: store.address,
    position: { latitude: store.latitude, longitude: store.longitude },
    openingHours: store.openingHours,
    phone: store.phone ?? '',
    email: store.email ?? '',
    website: store.website ?? '',
    showPhone: store.showPhone,
    showEmail: store.showEmail,
    showMap: store.showMap,
    logo: store.logo,
    images: store.images,
    shippingEnabled: store.shippingEnabled,
    shippingRadius: numberText(store.shippingRadius),
    minimumOrderForShipping: amountText(store.minimumOrderForShipping),
    shippingCost: amountText(store.shippingCost),
    freeShippingThreshold: amountText(store.freeShippingThreshold),
    shippingNote: store.shippingNote ?? '',
    onlinePaymentsEnabled: store.onlinePaymentsEnabled,
    stripePaymentsEnabled: store.stripePaymentsEnabled,
    paypalPaymentsEnabled: store.paypalPaymentsEnabled,
  };
}

const orNull = (text: string) => text.trim() || null;

/** The API's store fields from a valid form. */
export function storeProfile(v: ValidStoreForm): StoreProfile {
  return {
    name: v.name.trim(),
    category: v.category,
    description: v.description.trim(),
    storeType: v.storeType,
    address: v.address.trim(),
    latitude: v.position.latitude,
    longitude: v.position.longitude,
    openingHours: v.openingHours,
    phone: orNull(v.phone),
    email: orNull(v.email),
    website: orNull(v.website),
    showPhone: v.showPhone,
    showEmail: v.showEmail,
    showMap: v.showMap,
    logo: v.logo,
    images: v.images,
    // One choice on screen, two fields in the API: shipping on means "not pickup only".
    shippingEnabled: v.shippingEnabled,
    pickupOnly: !v.shippingEnabled,
    shippingRadius: optionalNumber(v.shippingRadius),
    minimumOrderForShipping: optionalNumber(v.minimumOrderForShipping),
    shippingCost: optionalNumber(v.shippingCost),
    freeShippingThreshold: optionalNumber(v.freeShippingThreshold),
    shippingNote: orNull(v.shippingNote),
    onlinePaymentsEnabled: v.onlinePaymentsEnabled,
    stripePaymentsEnabled: v.onlinePaymentsEnabled && v.stripePaymentsEnabled,
    paypalPaymentsEnabled: v.onlinePaymentsEnabled && v.paypalPaymentsEnabled,
  };
}

/**
 * The fields the form changes, compared with the store as the form itself would send it, so
 * that "4,90" against 4.9 or an untouched empty phone is no change.
 */
export function changedFields(store: Store, values: ValidStoreForm): Partial<StoreProfile> {
  const before = storeProfile(storeValues(store));
  const after = storeProfile(values);
  return Object.fromEntries(
    (Object.keys(after) as (keyof StoreProfile)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map((k) => [k, after[k]]),
  );
}

/** Where the API's field names land in the form: the coordinates are the one position field. */
export function serverFieldErrors(error: unknown): { field: StoreField; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const known = new Set<string>(Object.keys(newStoreValues));
  return Object.entries(error.fieldErrors).flatMap(([key, message]) => {
    const root = key.split('.')[0]!;
    const field = root === 'latitude' || root === 'longitude' ? 'position' : root;
    return known.has(field) ? [{ field: field as StoreField, message }] : [];
  });
}

const storeTypes = [
  { value: 'retail', label: 'Vendita al dettaglio', hint: 'Vendi ai privati' },
  { value: 'wholesale', label: 'Ingrosso', hint: 'Vendi a negozi e professionisti' },
] as const;

export const storeTypeLabel = (type: StoreFormValues['storeType']) => storeTypes.find((t) => t.value === type)!.label;

/** Name, category, description and kind of shop. */
export function DetailsFields() {
  const { register, control, formState: { errors } } = useFormContext<StoreFormValues>();
  const { data: categories = [] } = useCategories();
  return (
    <>
      <TextField label="Nome del negozio" required {...register('name')} error={!!errors.name} helperText={errors.name?.message} />
      <Controller
        name="category"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl required error={!!fieldState.error}>
            <InputLabel id="store-category">Categoria</InputLabel>
            <Select labelId="store-category" label="Categoria" {...field}>
              {categories.map((c) => (
                <MenuItem key={c.slug} value={c.slug}>{c.name}</MenuItem>
              ))}
            </Select>
            <FormHelperText>{fieldState.error?.message ?? 'Aiuta i clienti a trovarti quando cercano per categoria.'}</FormHelperText>
          </FormControl>
        )}
      />
      <TextField
        label="Descrizione"
        multiline
        minRows={3}
        {...register('description')}
        error={!!errors.description}
        helperText={errors.description?.message ?? 'Cosa vendi, da quanto tempo, cosa vi rende speciali.'}
      />
      <Controller
        name="storeType"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id="store-type">Tipo di negozio</FormLabel>
            <RadioGroup aria-labelledby="store-type" {...field}>
              {storeTypes.map((t) => (
                <FormControlLabel
                  key={t.value}
                  value={t.value}
                  control={<Radio />}
                  label={<>{t.label} <Typography component="span" variant="body2" color="text.secondary">— {t.hint}</Typography></>}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
    </>
  );
}

/** The address the customers read and the point on the map the distance is measured from. */
export function LocationFields() {
  const { register, control, formState: { errors } } = useFormContext<StoreFormValues>();
  return (
    <>
      <TextField
        label="Indirizzo"
        required
        autoComplete="street-address"
        placeholder="Via del Governo Vecchio 52, 00186 Roma RM"
        {...register('address')}
        error={!!errors.address}
        helperText={errors.address?.message ?? 'Come lo leggono i clienti: via, numero civico, CAP e città.'}
      />
      <Controller
        name="position"
        control={control}
        render={({ field, fieldState }) => (
          <Suspense fallback={<Skeleton variant="rounded" height={360} aria-label="Caricamento della mappa" />}>
            <MapPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          </Suspense>
        )}
      />
    </>
  );
}

/** The week's hours, or none yet: a shop may open on Vicino before its hours are decided. */
export function HoursField() {
  const { control } = useFormContext<StoreFormValues>();
  // The hours last set, put back when the owner changes their mind about leaving them out.
  const [kept, setKept] = useState<OpeningHours>(typicalOpeningHours);
  return (
    <Controller
      name="openingHours"
      control={control}
      render={({ field, fieldState }) => (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={field.value === null}
                onChange={(e) => {
                  if (e.target.checked && field.value) setKept(field.value);
                  field.onChange(e.target.checked ? null : kept);
                }}
              />
            }
            label="Non ho ancora deciso gli orari: li indico più tardi"
          />
          {field.value === null ? (
            <Alert severity="warning">{missingHoursText} Potrai aggiungerli quando vuoi dalle impostazioni del negozio.</Alert>
          ) : (
            <OpeningHoursEditor value={field.value} onChange={field.onChange} />
          )}
          {/* The days' own messages are in the editor; this one sums them up, or says what the server found. */}
          {fieldState.error ? (
            <FormHelperText error>{fieldState.error.message}</FormHelperText>
          ) : (
            <Typography color="text.secondary" aria-live="polite">In breve, come li leggono i clienti: {formatOpeningHours(field.value)}.</Typography>
          )}
        </>
      )}
    />
  );
}

function SwitchField({ name, label, hint }: { name: 'showPhone' | 'showEmail' | 'showMap'; label: string; hint: string }) {
  const { control } = useFormContext<StoreFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} sx={{ mt: -0.5 }} />}
          label={<Box><Typography>{label}</Typography><Typography variant="body2" color="text.secondary">{hint}</Typography></Box>}
        />
      )}
    />
  );
}

/** How customers reach the shop, and which of it they see on its page. */
export function ContactFields() {
  const { register, formState: { errors } } = useFormContext<StoreFormValues>();
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Telefono" type="tel" autoComplete="tel" {...register('phone')} error={!!errors.phone} helperText={errors.phone?.message} />
        <TextField label="E-mail" type="email" autoComplete="email" {...register('email')} error={!!errors.email} helperText={errors.email?.message} />
      </Box>
      <TextField label="Sito web" type="url" autoComplete="url" placeholder="https://" {...register('website')} error={!!errors.website} helperText={errors.website?.message} />
      <Box sx={{ display: 'grid', gap: 1.5 }} role="group" aria-label="Cosa vedono i clienti">
        <Typography sx={{ fontWeight: 600 }}>Cosa vedono i clienti nella pagina del negozio</Typography>
        <SwitchField name="showPhone" label="Mostra il telefono" hint="Se lo nascondi, il numero resta visibile solo a te e a Vicino." />
        <SwitchField name="showEmail" label="Mostra l'e-mail" hint="Se la nascondi, i clienti ti scrivono tramite gli ordini." />
        <SwitchField name="showMap" label="Mostra la mappa" hint="La posizione sulla mappa aiuta chi viene a ritirare." />
      </Box>
    </>
  );
}

/** The logo: one image, replaced by a new upload. */
export function LogoField() {
  const { control } = useFormContext<StoreFormValues>();
  return (
    <Controller
      name="logo"
      control={control}
      render={({ field }) => (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>Logo</Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ width: 96, height: 96, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'grey.100', display: 'grid', placeItems: 'center', overflow: 'hidden', flexShrink: 0 }}>
              {field.value ? (
                <Box component="img" src={field.value} alt="Logo del negozio" sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
              ) : (
                <Typography variant="body2" color="text.secondary">Nessun logo</Typography>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <UploadButton label={field.value ? 'Cambia il logo' : 'Carica il logo'} accept={imageTypes} onUploaded={([url]) => field.onChange(url)} />
              {field.value && (
                <Typography component="button" type="button" variant="body2" onClick={() => field.onChange(null)} sx={{ border: 0, bgcolor: 'transparent', p: 0, color: 'error.main', cursor: 'pointer', textAlign: 'left', textDecoration: 'underline' }}>
                  Togli il logo
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">JPEG, PNG o WebP, fino a 5 MB.</Typography>
            </Box>
          </Box>
        </Box>
      )}
    />
  );
}

/** Photos of the shop for its page, at most ten. */
export function PhotosField() {
  const { control } = useFormContext<StoreFormValues>();
  return (
    <Controller
      name="images"
      control={control}
      render={({ field, fieldState }) => (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>Foto del negozio</Typography>
          <ImageList images={field.value} onChange={field.onChange} alt="Foto del negozio" />
          <UploadButton
            label="Aggiungi foto"
            accept={imageTypes}
            multiple
            disabled={field.value.length >= 10}
            onUploaded={(urls) => field.onChange([...field.value, ...urls].slice(0, 10))}
          />
          <FormHelperText error={!!fieldState.error}>{fieldState.error?.message ?? 'La vetrina, gli scaffali, il banco: fino a 10 foto.'}</FormHelperText>
        </Box>
      )}
    />
  );
}

function AmountInput({ name, label, unit, helper }: { name: 'shippingRadius' | 'minimumOrderForShipping' | 'shippingCost' | 'freeShippingThreshold'; label: string; unit: string; helper: string }) {
  const { register, formState: { errors } } = useFormContext<StoreFormValues>();
  return (
    <TextField
      label={label}
      {...register(name)}
      error={!!errors[name]}
      helperText={errors[name]?.message ?? helper}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }}
    />
  );
}

/** The rule as the customer will meet it, from what is typed right now. */
function shippingRule(v: Pick<StoreFormValues, 'shippingRadius' | 'minimumOrderForShipping' | 'shippingCost' | 'freeShippingThreshold'>): string {
  const radius = optionalNumber(v.shippingRadius);
  const minimum = optionalNumber(v.minimumOrderForShipping);
  const cost = optionalNumber(v.shippingCost);
  const free = optionalNumber(v.freeShippingThreshold);
  const known = (n: number | null): n is number => n !== null && !Number.isNaN(n);
  const parts = [
    known(radius) ? `spedisci entro ${numberText(radius)} km dal negozio` : 'spedisci entro il raggio che indichi',
    known(minimum) && minimum > 0 ? `per ordini da ${formatMoney(minimum)} in su` : 'per ordini di qualsiasi importo',
    known(cost) ? (cost === 0 ? 'la spedizione è gratuita' : `il cliente paga ${formatMoney(cost)} di spedizione`) : 'il cliente paga il costo di spedizione',
  ];
  const freeText = known(free) && known(cost) && cost > 0 ? `, gratuita da ${formatMoney(free)}` : '';
  return `Con queste impostazioni ${parts[0]}, ${parts[1]}; ${parts[2]}${freeText}.`;
}

/** Pickup or also shipping, and the shipping rules. */
export function ShippingFields() {
  const { register, control, formState: { errors } } = useFormContext<StoreFormValues>();
  const [enabled, ...amounts] = useWatch({ control, name: ['shippingEnabled', 'shippingRadius', 'minimumOrderForShipping', 'shippingCost', 'freeShippingThreshold'] });
  const [shippingRadius, minimumOrderForShipping, shippingCost, freeShippingThreshold] = amounts;
  return (
    <>
      <Alert severity="info">
        Il ritiro in negozio è sempre disponibile. Se attivi la spedizione, la consegna a domicilio si può scegliere solo entro il raggio indicato e
        quando l'ordine raggiunge l'importo minimo; il costo di spedizione si aggiunge al totale e si azzera quando l'ordine arriva alla soglia
        di spedizione gratuita.
      </Alert>
      <Controller
        name="shippingEnabled"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id="store-delivery">Come ricevono gli ordini i clienti</FormLabel>
            <RadioGroup aria-labelledby="store-delivery" value={field.value ? 'shipping' : 'pickup'} onChange={(e) => field.onChange(e.target.value === 'shipping')}>
              <FormControlLabel value="pickup" control={<Radio />} label="Solo ritiro in negozio" />
              <FormControlLabel value="shipping" control={<Radio />} label="Ritiro in negozio e spedizione a domicilio" />
            </RadioGroup>
          </FormControl>
        )}
      />
      {enabled && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <AmountInput name="shippingRadius" label="Raggio di spedizione" unit="km" helper="Distanza massima dal negozio." />
            <AmountInput name="shippingCost" label="Costo di spedizione" unit="€" helper="0 se spedisci sempre gratis." />
            <AmountInput name="minimumOrderForShipping" label="Ordine minimo per la spedizione" unit="€" helper="Vuoto: nessun minimo." />
            <AmountInput name="freeShippingThreshold" label="Spedizione gratuita da" unit="€" helper="Vuoto: la spedizione si paga sempre." />
          </Box>
          <Typography color="text.secondary" aria-live="polite">
            {shippingRule({ shippingRadius, minimumOrderForShipping, shippingCost, freeShippingThreshold })}
          </Typography>
          <TextField
            label="Nota per i clienti"
            multiline
            minRows={2}
            placeholder="Consegna in giornata per ordini entro le 12:00."
            {...register('shippingNote')}
            error={!!errors.shippingNote}
            helperText={errors.shippingNote?.message ?? 'Giorni e orari di consegna, zone servite, come avvisi il cliente.'}
          />
        </>
      )}
    </>
  );
}

/** Online payments on top of cash at pickup, which every shop accepts. */
export function PaymentFields() {
  const { control, setValue } = useFormContext<StoreFormValues>();
  const online = useWatch({ control, name: 'onlinePaymentsEnabled' });
  const method = (name: 'stripePaymentsEnabled' | 'paypalPaymentsEnabled', label: string, hint: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', m: 0, gap: 1, ml: { xs: 2, sm: 6 } }}
          disabled={!online}
          control={<Switch checked={online && field.value} onChange={(e) => field.onChange(e.target.checked)} sx={{ mt: -0.5 }} />}
          label={<Box><Typography>{label}</Typography><Typography variant="body2" color="text.secondary">{hint}</Typography></Box>}
        />
      )}
    />
  );
  return (
    <>
      <Alert severity="info">
        Il pagamento in contanti al ritiro in negozio è sempre disponibile. Se attivi i pagamenti online, i clienti possono anche pagare
        al momento dell'ordine con i metodi che scegli qui.
      </Alert>
      <Controller
        name="onlinePaymentsEnabled"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl error={!!fieldState.error}>
            <FormControlLabel
              sx={{ m: 0, gap: 1 }}
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.checked);
                    // Turning online payments on offers card payments first, the common choice.
                    if (e.target.checked) setValue('stripePaymentsEnabled', true, { shouldDirty: true });
                  }}
                />
              }
              label={<Typography sx={{ fontWeight: 600 }}>Accetta pagamenti online</Typography>}
            />
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      {method('stripePaymentsEnabled', 'Carta di credito o di debito', 'Pagamenti con carta tramite Stripe.')}
      {method('paypalPaymentsEnabled', 'PayPal', 'Il cliente paga con il suo conto PayPal.')}
    </>
  );
}
