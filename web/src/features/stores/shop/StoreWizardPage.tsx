import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../../lib/client';
import { useCategories, useCreateStore, useMyStore, type Store } from '../api';
import { FullPageSpinner } from '../../../app/guards';
import { openingHoursGroups } from '../OpeningHoursEditor';
import { StatusBadge } from '../../../components/StatusBadge';
import { toast } from '../../../components/toast/toast-store';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { MissingHoursNotice } from './MissingHoursNotice';
import { ContactFields } from './store-form/ContactFields';
import { DetailsFields } from './store-form/DetailsFields';
import { HoursField } from './store-form/HoursField';
import { LocationFields } from './store-form/LocationFields';
import { LogoField, LogoFrame } from './store-form/MediaFields';
import { newStoreValues, serverFieldErrors, storeFormSchema, storeProfile, storeTypeLabel, type StoreFormValues, type ValidStoreForm } from './store-form/schema';
import { FormError } from '../../../components/FormError';
import { useSiteName } from '../../site-settings/api';

const steps: { label: string; title: string; intro: string; fields: FieldPath<StoreFormValues>[] }[] = [
  {
    label: 'Negozio',
    title: 'Il tuo negozio',
    intro: 'Come si chiama e cosa vende: è quello che i clienti leggono per primo.',
    fields: ['name', 'category', 'description', 'storeType'],
  },
  { label: 'Posizione', title: 'Dove si trova', intro: 'Dalla posizione calcoliamo la distanza dai clienti che cercano vicino a loro.', fields: ['address', 'position'] },
  {
    label: 'Orari',
    title: 'Orari di apertura',
    intro: 'Per ogni giorno: chiuso, oppure fino a tre fasce orarie. Se non li hai ancora decisi, puoi aggiungerli dopo.',
    fields: ['openingHours'],
  },
  {
    label: 'Contatti',
    title: 'Contatti e logo',
    intro: 'Tutto facoltativo, e puoi decidere cosa mostrare ai clienti.',
    fields: ['phone', 'email', 'website', 'showPhone', 'showEmail', 'showMap', 'logo'],
  },
  { label: 'Riepilogo', title: 'Riepilogo', intro: 'Controlla i dati: potrai cambiarli quando vuoi dalle impostazioni del negozio.', fields: [] },
];
const lastStep = steps.length - 1;

/** Values one under the other, each on its own line of the summary. */
function Lines({ lines }: { lines: string[] }) {
  return lines.map((line) => (
    <Box component="span" key={line} sx={{ display: 'block' }}>
      {line}
    </Box>
  ));
}

function SummaryRow({ label, children, onEdit }: { label: string; children: ReactNode; onEdit?: () => void }) {
  // A description list's row holds its term and its description only: the edit link is in the description.
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1.25, alignItems: 'start' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, display: 'flex', gap: 2, alignItems: 'start' }}>
        <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
        {onEdit && (
          <MuiLink component="button" type="button" onClick={onEdit} aria-label={`Modifica: ${label}`} sx={{ flexShrink: 0 }}>
            Modifica
          </MuiLink>
        )}
      </Typography>
    </Box>
  );
}

/** A description list of SummaryRows, a line between rows (a list holds its rows only, no separators of its own). */
const summaryList = { m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } } as const;

/** The last step: everything typed so far, each part a click away from its step. */
function Summary({ goTo }: { goTo: (step: number) => void }) {
  const { getValues } = useFormContext<StoreFormValues>();
  const { data: categories = [] } = useCategories();
  const v = getValues();
  const contacts = [
    v.phone && `Telefono ${v.phone}${v.showPhone ? '' : ' (nascosto)'}`,
    v.email && `E-mail ${v.email}${v.showEmail ? '' : ' (nascosta)'}`,
    v.website && `Sito ${v.website}`,
  ].filter((c): c is string => Boolean(c));
  return (
    <Box component="dl" sx={summaryList}>
      <SummaryRow label="Nome" onEdit={() => goTo(0)}>
        {v.name}
      </SummaryRow>
      <SummaryRow label="Categoria" onEdit={() => goTo(0)}>
        {categories.find((c) => c.slug === v.category)?.name ?? v.category} · {storeTypeLabel(v.storeType)}
      </SummaryRow>
      {v.description.trim() && (
        <SummaryRow label="Descrizione" onEdit={() => goTo(0)}>
          {v.description}
        </SummaryRow>
      )}
      <SummaryRow label="Indirizzo" onEdit={() => goTo(1)}>
        {v.address}
        {v.position && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            Sulla mappa: {v.position.latitude.toFixed(5)}, {v.position.longitude.toFixed(5)}
          </Typography>
        )}
      </SummaryRow>
      <SummaryRow label="Orari" onEdit={() => goTo(2)}>
        <Lines lines={openingHoursGroups(v.openingHours)} />
      </SummaryRow>
      <SummaryRow label="Contatti" onEdit={() => goTo(3)}>
        {contacts.length ? <Lines lines={contacts} /> : 'Nessun contatto indicato'}
      </SummaryRow>
      <SummaryRow label="Logo" onEdit={() => goTo(3)}>
        {v.logo ? (
          <Box component="img" src={v.logo} alt="Logo del negozio" sx={{ width: 64, height: 64, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }} />
        ) : (
          'Nessun logo'
        )}
      </SummaryRow>
    </Box>
  );
}

/** The creation wizard: one part of the store per step, checked before moving on. */
function StoreWizard() {
  const site = useSiteName();
  const navigate = useNavigate();
  const createStore = useCreateStore();
  const [step, setStep] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<StoreFormValues, unknown, ValidStoreForm>({
    resolver: zodResolver(storeFormSchema),
    defaultValues: newStoreValues,
    // A step is checked with trigger(), which does not count as a submit: without this a message
    // would stay on screen after the field is put right.
    mode: 'onChange',
  });
  const {
    handleSubmit,
    trigger,
    setError,
    formState: { errors },
  } = form;
  const stepWithErrors = (i: number) => steps[i]!.fields.some((f) => f in errors);

  const goTo = (next: number) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const next = async () => {
    if (await trigger(steps[step]!.fields, { shouldFocus: true })) goTo(step + 1);
  };

  const create = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await createStore.mutateAsync(storeProfile(values));
      toast({ title: 'Negozio creato', description: 'Lo controlliamo e lo attiviamo al più presto: intanto puoi aggiungere i prodotti.', variant: 'success' });
      void navigate('/dashboard/shopkeeper');
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      for (const { field, message } of fieldErrors) setError(field, { message });
      const firstStep = steps.findIndex((s) => s.fields.some((f) => fieldErrors.some((e) => e.field === f)));
      if (firstStep >= 0) goTo(firstStep);
      setFormError(errorText(error, 'Non è stato possibile creare il negozio: riprova tra poco.'));
    }
  });

  const current = steps[step]!;
  return (
    <FormProvider {...form}>
      <DashboardHeader title="Crea il tuo negozio" subtitle={`Cinque passi e il tuo negozio è su ${site}.`} />
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3, '& .MuiStepLabel-label': { display: { xs: 'none', sm: 'block' } } }}>
        {steps.map((s, i) => (
          <Step key={s.label} completed={i < step}>
            <StepLabel error={stepWithErrors(i)}>{s.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card sx={{ maxWidth: 880, mx: 'auto' }}>
        <CardContent
          component="form"
          noValidate
          aria-label={`Passo ${step + 1} di ${steps.length}: ${current.title}`}
          // Enter moves on, as "Avanti" does; only the last step creates the store.
          onSubmit={(e) => {
            e.preventDefault();
            if (step < lastStep) void next();
            else void create(e);
          }}
          sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2.5 }}
        >
          <Box>
            <Typography variant="body2" color="text.secondary">
              Passo {step + 1} di {steps.length}
            </Typography>
            <Typography variant="h3" component="h2">
              {current.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {current.intro}
            </Typography>
          </Box>
          <FormError>{formError}</FormError>
          {step === 0 && <DetailsFields />}
          {step === 1 && <LocationFields />}
          {step === 2 && <HoursField />}
          {step === 3 && (
            <>
              <ContactFields />
              <LogoField />
            </>
          )}
          {step === lastStep && <Summary goTo={goTo} />}
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'space-between', flexWrap: 'wrap', pt: 1 }}>
            <Button onClick={() => goTo(step - 1)} disabled={step === 0} startIcon={<ArrowBackIcon />} color="inherit">
              Indietro
            </Button>
            {step < lastStep ? (
              <Button type="submit" variant="contained" endIcon={<ArrowForwardIcon />}>
                Avanti
              </Button>
            ) : (
              <Button type="submit" variant="contained" size="large" disabled={createStore.isPending} startIcon={<StorefrontIcon />}>
                {createStore.isPending ? 'Caricamento...' : 'Crea il negozio'}
              </Button>
            )}
          </Box>
        </CardContent>
      </Card>
    </FormProvider>
  );
}

const statusText = (site: string): Record<Store['status'], string> => ({
  pending: `${site} sta controllando i dati del negozio: i clienti lo vedranno appena sarà approvato. Intanto puoi preparare il catalogo.`,
  active: 'Il negozio è visibile ai clienti nelle ricerche e sulla mappa.',
  suspended: 'Il negozio è sospeso: i clienti non lo vedono finché non viene riattivato.',
});

/** How customers get their orders, as the store's settings allow today. */
function deliveryText(store: Store): string {
  const shipping = store.shippingEnabled ? `spedizione entro ${store.shippingRadius ?? '—'} km` : null;
  if (store.openingHours === null)
    return shipping ? `Solo ${shipping}: il ritiro in negozio dopo che avrai indicato gli orari` : 'Nessuna: il ritiro in negozio dopo che avrai indicato gli orari';
  return shipping ? `Ritiro in negozio e ${shipping}` : 'Solo ritiro in negozio';
}

/** The store as it stands, with its approval state and the way to its settings. */
function StoreOverview({ store }: { store: Store }) {
  const site = useSiteName();
  const { data: categories = [] } = useCategories();
  return (
    <>
      <DashboardHeader
        title="Il mio negozio"
        subtitle={`Come appare il tuo negozio su ${site}.`}
        aside={
          <Button component={Link} to="/shopkeeper/store/settings" variant="contained" startIcon={<SettingsIcon />}>
            Impostazioni negozio
          </Button>
        }
      />
      <Alert severity={store.status === 'active' ? 'success' : store.status === 'pending' ? 'info' : 'error'} sx={{ mb: 3 }} icon={false}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography sx={{ fontWeight: 700 }}>Stato:</Typography>
          <StatusBadge status={store.status} kind="store" />
        </Box>
        {statusText(site)[store.status]}
        {store.status === 'suspended' && store.statusReason && (
          <Box sx={{ mt: 0.5 }}>
            <strong>Motivo:</strong> {store.statusReason}
          </Box>
        )}
      </Alert>
      {store.openingHours === null && <MissingHoursNotice />}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, minWidth: 0 }}>
            <LogoFrame size={72} logo={store.logo} alt="">
              <StorefrontIcon color="action" fontSize="large" />
            </LogoFrame>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {store.name}
              </Typography>
              <Typography color="text.secondary">
                {categories.find((c) => c.slug === store.category)?.name ?? store.category} · {storeTypeLabel(store.storeType)}
              </Typography>
            </Box>
          </Box>
          {store.description && <Typography sx={{ mb: 2 }}>{store.description}</Typography>}
          <Box component="dl" sx={{ ...summaryList, borderTop: 1, borderColor: 'divider' }}>
            <SummaryRow label="Indirizzo">{store.address}</SummaryRow>
            <SummaryRow label="Orari">
              <Lines lines={openingHoursGroups(store.openingHours)} />
            </SummaryRow>
            <SummaryRow label="Consegna">{deliveryText(store)}</SummaryRow>
            <SummaryRow label="Visite">{store.views}</SummaryRow>
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
            <Button component={Link} to="/shopkeeper/products" variant="outlined" startIcon={<Inventory2Icon />}>
              I tuoi prodotti
            </Button>
            <Button component={Link} to={`/stores/${store.slug}`} variant="outlined" color="inherit" startIcon={<VisibilityIcon />} sx={{ borderColor: 'divider' }}>
              Vedi la pagina del negozio
            </Button>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}

/** /shopkeeper/store: the wizard while there is no store, then the store's overview. */
export default function StoreWizardPage() {
  const { data: store, isLoading, isError } = useMyStore();
  if (isLoading) return <FullPageSpinner />;
  // A failed read is not "no store yet": offering the wizard then would only end in a conflict.
  if (isError) return <Alert severity="error">Non è stato possibile leggere i dati del negozio: ricarica la pagina tra poco.</Alert>;
  return store ? <StoreOverview store={store} /> : <StoreWizard />;
}
