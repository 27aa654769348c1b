import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Tab, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../../lib/client';
import { useMyStore, useUpdateStore, type Store } from '../api';
import { FullPageSpinner } from '../../../app/guards';
import { ScrollingTabs } from '../../../components/ScrollingTabs';
import { StatusBadge } from '../../../components/StatusBadge';
import { toast } from '../../../components/toast/toast-store';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { FormSection } from '../../../components/form-kit';
import { ContactFields } from './store-form/ContactFields';
import { DetailsFields } from './store-form/DetailsFields';
import { HoursField } from './store-form/HoursField';
import { LocationFields } from './store-form/LocationFields';
import { LogoField, PhotosField } from './store-form/MediaFields';
import { PaymentFields } from './store-form/PaymentFields';
import { PaymentAccounts } from '../../payments/PaymentAccounts';
import { ShippingFields } from './store-form/ShippingFields';
import { changedFields, serverFieldErrors, storeFormSchema, storeValues, type StoreFormValues, type ValidStoreForm } from './store-form/schema';
import { NoStoreYet } from './NoStoreYet';
import { FormError } from '../../../components/FormError';
import { SellerSection } from './SellerSection';
import { GooglePlaceSection } from '../../google-places/GooglePlaceSection';

/** One of a tab's form sections: its title, what it is for, and its fields. */
interface SettingsSection {
  title: string;
  description?: string;
  body: ReactNode;
}

interface SettingsTab {
  key: string;
  label: string;
  fields: FieldPath<StoreFormValues>[];
  sections: SettingsSection[];
}

const tabs: SettingsTab[] = [
  {
    key: 'dati',
    label: 'Dati del negozio',
    fields: ['name', 'category', 'description', 'storeType', 'logo', 'images'],
    sections: [
      { title: 'Dati del negozio', body: <DetailsFields /> },
      {
        title: 'Logo e foto',
        description: 'Le immagini compaiono nella pagina del negozio e nei risultati di ricerca.',
        body: (
          <>
            <LogoField />
            <PhotosField />
          </>
        ),
      },
    ],
  },
  {
    key: 'posizione',
    label: 'Posizione',
    fields: ['address', 'position'],
    sections: [{ title: 'Posizione', description: 'Dalla posizione calcoliamo la distanza dai clienti.', body: <LocationFields /> }],
  },
  {
    key: 'orari',
    label: 'Orari',
    fields: ['openingHours'],
    sections: [{ title: 'Orari di apertura', description: "I clienti vedono se sei aperto adesso, secondo l'ora italiana.", body: <HoursField /> }],
  },
  {
    key: 'contatti',
    label: 'Contatti e visibilità',
    fields: ['phone', 'email', 'website', 'showPhone', 'showEmail', 'showMap'],
    sections: [{ title: 'Contatti e visibilità', body: <ContactFields /> }],
  },
  {
    key: 'spedizione',
    label: 'Spedizione',
    fields: ['shippingEnabled', 'shippingRadius', 'minimumOrderForShipping', 'shippingCost', 'freeShippingThreshold', 'shippingNote'],
    sections: [{ title: 'Spedizione', body: <ShippingFields /> }],
  },
  {
    key: 'pagamenti',
    label: 'Pagamenti',
    fields: ['onlinePaymentsEnabled', 'stripePaymentsEnabled', 'paypalPaymentsEnabled'],
    sections: [
      { title: 'Pagamenti', body: <PaymentFields /> },
      { title: 'Conti di pagamento', description: 'Dove arrivano i pagamenti online dei clienti, al netto della commissione.', body: <PaymentAccounts /> },
    ],
  },
];

const tabWith = (fields: string[]) => tabs.findIndex((t) => t.fields.some((f) => fields.includes(f)));

function SettingsForm({ store }: { store: Store }) {
  const updateStore = useUpdateStore();
  const [params, setParams] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<StoreFormValues, unknown, ValidStoreForm>({ resolver: zodResolver(storeFormSchema), defaultValues: storeValues(store), mode: 'onChange' });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const current = Math.max(
    0,
    tabs.findIndex((t) => t.key === params.get('sezione')),
  );
  const open = (index: number) => setParams({ sezione: tabs[index]!.key }, { replace: true });

  const save = handleSubmit(
    async (values) => {
      setFormError(null);
      const changes = changedFields(store, values);
      if (!Object.keys(changes).length) {
        reset(values);
        toast({ title: 'Nessuna modifica da salvare' });
        return;
      }
      try {
        const saved = await updateStore.mutateAsync(changes);
        reset(storeValues(saved));
        toast({ title: 'Impostazioni salvate', variant: 'success' });
      } catch (error) {
        const fieldErrors = serverFieldErrors(error);
        for (const { field, message } of fieldErrors) setError(field, { message });
        if (fieldErrors.length) open(tabWith(fieldErrors.map((e) => e.field)));
        setFormError(errorText(error, 'Non è stato possibile salvare: riprova tra poco.'));
      }
    },
    // The first section with a problem opens, so the message is on screen.
    (invalid: FieldErrors<StoreFormValues>) => open(Math.max(0, tabWith(Object.keys(invalid)))),
  );

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={save} aria-label="Impostazioni del negozio" sx={{ display: 'grid', gap: 2.5, maxWidth: 960 }}>
        <ScrollingTabs value={current} onChange={(_, index: number) => open(index)} aria-label="Sezioni delle impostazioni" sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {tabs.map((t) => {
            const hasErrors = t.fields.some((f) => f in errors);
            return (
              <Tab
                key={t.key}
                label={
                  hasErrors ? (
                    <Box component="span" sx={{ color: 'error.main' }}>
                      {t.label} ●
                    </Box>
                  ) : (
                    t.label
                  )
                }
                aria-label={hasErrors ? `${t.label}, da correggere` : undefined}
                id={`settings-tab-${t.key}`}
                aria-controls="settings-panel"
              />
            );
          })}
        </ScrollingTabs>
        <FormError>{formError}</FormError>
        <Box id="settings-panel" role="tabpanel" aria-labelledby={`settings-tab-${tabs[current]!.key}`} sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          {tabs[current]!.sections.map(({ title, description, body }) => (
            <FormSection key={title} title={title} description={description}>
              {body}
            </FormSection>
          ))}
        </Box>
        {/* Shown while there is something to save, always in reach however long the section. */}
        {isDirty && (
          <Paper
            elevation={6}
            sx={{
              position: 'sticky',
              bottom: { xs: 8, sm: 16 },
              zIndex: 2,
              p: 1.5,
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
              justifyContent: 'flex-end',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Typography color="text.secondary" sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }}>
              Hai modifiche non salvate.
            </Typography>
            <Button color="inherit" disabled={isSubmitting} onClick={() => reset()}>
              Annulla
            </Button>
            <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={isSubmitting}>
              {isSubmitting ? 'Caricamento...' : 'Salva le modifiche'}
            </Button>
          </Paper>
        )}
      </Box>
    </FormProvider>
  );
}

/** /shopkeeper/store/settings: every setting of the store, by section; saving sends only what changed. */
export default function StoreSettingsPage() {
  const { data: store, isLoading, isError } = useMyStore();
  if (isLoading) return <FullPageSpinner />;
  if (isError) return <Alert severity="error">Non è stato possibile leggere i dati del negozio: ricarica la pagina tra poco.</Alert>;
  if (!store) {
    return <NoStoreYet title="Impostazioni negozio">Non hai ancora un negozio: crealo, poi qui potrai cambiarne ogni impostazione.</NoStoreYet>;
  }
  return (
    <>
      <DashboardHeader
        title="Impostazioni negozio"
        subtitle={store.name}
        aside={
          <Box aria-label="Stato del negozio">
            <StatusBadge status={store.status} kind="store" />
          </Box>
        }
      />
      <SettingsForm store={store} />
      <Box sx={{ mt: 3 }}>
        <SellerSection />
      </Box>
      <Box sx={{ mt: 3 }}>
        <GooglePlaceSection />
      </Box>
    </>
  );
}
