import { Alert } from '@mui/material';
import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { omitUntouchedSecret, SecretInput } from '../../site-settings/admin/SecretInput';
import { SettingsPage } from '../../site-settings/admin/SettingsPage';
import { useSiteName } from '../../site-settings/api';

const secrets = ['stripeSecretKey', 'stripeWebhookSecret', 'stripeConnectWebhookSecret', 'paypalClientSecret'];
const untouched = secrets.map(omitUntouchedSecret);
const paypalModeChoices = [
  { id: 'sandbox', name: 'Sandbox (prove)' },
  { id: 'live', name: 'Live (pagamenti reali)' },
];

/** /admin/payment-settings: the sandbox's switch and the providers' keys (secrets masked). */
export function PaymentSettingsPage() {
  const site = useSiteName();
  return (
    <SettingsPage
      resource="payment-settings"
      title="Impostazioni dei pagamenti"
      transform={(data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) => untouched.reduce((d, omit) => omit(d, options), data)}
    >
      <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
        Con i pagamenti di prova attivi, ogni pagamento si conclude su una pagina di {site}: nessun addebito reale.
      </Alert>
      <BooleanInput source="sandboxEnabled" />
      <TextInput source="currency" disabled />
      <TextInput source="stripePublishableKey" fullWidth />
      <SecretInput source="stripeSecretKey" clearSource="clearStripeSecretKey" />
      <SecretInput source="stripeWebhookSecret" clearSource="clearStripeWebhookSecret" />
      <SecretInput source="stripeConnectWebhookSecret" clearSource="clearStripeConnectWebhookSecret" />
      <TextInput source="paypalClientId" fullWidth />
      <SecretInput source="paypalClientSecret" clearSource="clearPaypalClientSecret" />
      <TextInput source="paypalWebhookId" fullWidth />
      <SelectInput source="paypalMode" choices={paypalModeChoices} />
      <TextInput
        source="paypalPartnerMerchantId"
        fullWidth
        helperText="Il tuo ID commerciante PayPal (conto business della piattaforma): serve per collegare i conti PayPal dei negozi."
      />
    </SettingsPage>
  );
}
