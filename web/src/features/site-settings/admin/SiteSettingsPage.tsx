import { Typography } from '@mui/material';
import { ArrayInput, BooleanInput, SimpleFormIterator, TextInput, required, type RaRecord } from 'react-admin';
import { PictureInput } from './PictureInput';
import { SettingsPage, useSavedForTheSite } from './SettingsPage';

type Social = { name: string; url: string };

/* The API keeps social links as {name: url}; the form edits them as a list of pairs. */
const toForm = (record: RaRecord) => ({
  ...record,
  socialLinks: Object.entries((record.socialLinks ?? {}) as Record<string, string>).map(([name, url]) => ({ name, url })),
});
const toApi = (data: Record<string, unknown>) => ({
  ...data,
  socialLinks: Object.fromEntries(((data.socialLinks ?? []) as Social[]).filter((s) => s?.name).map((s) => [s.name.trim().toLowerCase(), s.url?.trim() ?? ''])),
});

const Section = ({ children }: { children: string }) => (
  <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
    {children}
  </Typography>
);

/** /admin/site-settings: every site_settings field of spec §3; the colours recolour the whole app. */
export function SiteSettingsPage() {
  // The whole app (this back office too) takes the new name, logo and colours at once.
  const saved = useSavedForTheSite('Impostazioni del sito salvate');
  return (
    <SettingsPage resource="site-settings" title="Impostazioni del sito" queryOptions={{ select: toForm }} transform={toApi} mutationOptions={{ onSuccess: saved }}>
      <Section>Identità</Section>
      <TextInput source="siteName" validate={required()} fullWidth />
      <TextInput source="siteDescription" multiline minRows={2} fullWidth />
      <PictureInput source="logo" resource="site-settings" />
      <BooleanInput source="useLogoImage" />
      <PictureInput source="favicon" resource="site-settings" />
      <Section>Colori</Section>
      <TextInput source="primaryColor" type="color" sx={{ width: 280 }} helperText="Il colore dei pulsanti e delle evidenze in tutto il sito." />
      <TextInput source="secondaryColor" type="color" sx={{ width: 280 }} helperText="Il colore degli accenti e dei segnaposto sulle mappe." />
      <Section>Motori di ricerca</Section>
      <TextInput source="metaTitle" fullWidth />
      <TextInput source="metaDescription" multiline minRows={2} fullWidth />
      <TextInput source="metaKeywords" fullWidth />
      <Section>Contatti</Section>
      <TextInput source="contactEmail" type="email" fullWidth />
      <TextInput source="footerText" fullWidth />
      <ArrayInput source="socialLinks">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="name" label="Social (es. instagram)" helperText={false} />
          <TextInput source="url" label="Link completo (https://…)" helperText={false} sx={{ minWidth: 280 }} />
        </SimpleFormIterator>
      </ArrayInput>
      <Section>Accesso</Section>
      <BooleanInput source="maintenanceMode" helperText="Chi non è amministratore può solo consultare: ogni modifica riceve un avviso di manutenzione." />
      <BooleanInput source="allowRegistration" helperText="Se spento, nessun nuovo account può registrarsi." />
    </SettingsPage>
  );
}
