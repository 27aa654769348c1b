import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { omitUntouchedSecret, SecretInput } from './SecretInput';
import { SettingsPage, useSavedForTheSite } from './SettingsPage';

/** /admin/google-maps-settings: every google_maps_settings field of spec §3, the key masked. */
export function GoogleMapsSettingsPage() {
  // The site's search and maps read these from the public settings: they follow at once.
  const saved = useSavedForTheSite('Impostazioni di Google Maps salvate');
  return (
    <SettingsPage resource="google-maps-settings" title="Impostazioni di Google Maps" transform={omitUntouchedSecret('apiKey')} mutationOptions={{ onSuccess: saved }}>
      <SecretInput source="apiKey" />
      <SelectInput
        source="geocodingProvider"
        choices={[
          { id: 'offline', name: 'Comuni italiani (offline)' },
          { id: 'google', name: 'Google' },
          { id: 'nominatim', name: 'Server Nominatim' },
        ]}
        fullWidth
        sx={{ maxWidth: 520 }}
        helperText="Offline: l’elenco dei comuni, senza servizi. Google: con la chiave API e la geocodifica attiva. Se il servizio scelto non risponde, risponde l’elenco dei comuni."
      />
      <TextInput source="nominatimUrl" fullWidth helperText="Un server con l’API di Nominatim: il tuo, o quello pubblico (una richiesta al secondo, che Vicino rispetta)." />
      <BooleanInput source="geocodingEnabled" />
      <BooleanInput source="placesEnabled" />
      <BooleanInput source="directionsEnabled" />
      <SelectInput
        source="directionsApp"
        choices={[
          { id: 'openstreetmap', name: 'OpenStreetMap' },
          { id: 'google', name: 'Google Maps' },
        ]}
      />
      <NumberInput source="defaultSearchRadius" min={1} max={100} />
      <NumberInput source="defaultMapZoom" min={1} max={20} step={1} />
      <BooleanInput source="useClusteringForMarkers" />
      <NumberInput source="defaultLatitude" min={-90} max={90} step={0.0001} />
      <NumberInput source="defaultLongitude" min={-180} max={180} step={0.0001} />
      <BooleanInput source="restrictToBoundary" />
      <TextInput source="boundaryCountry" sx={{ width: 200 }} />
    </SettingsPage>
  );
}
