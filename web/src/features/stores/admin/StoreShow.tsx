import { BooleanField, EmailField, NumberField, ReferenceField, Show, TabbedShowLayout, TextField, TopToolbar, UrlField, useRecordContext } from 'react-admin';
import { StoreMap } from '../../../components/MapPicker';
import { HistoryTab } from '../../../admin/history/HistoryTab';
import { storeStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField, CategoryField } from '../../../admin/shared/fields';
import { StoreStatusButtons } from './StoreStatusButtons';

function StoreTitle() {
  const store = useRecordContext();
  return <>Negozio {store ? `«${store.name}»` : ''}</>;
}

function StorePin() {
  const s = useRecordContext();
  if (!s || typeof s.latitude !== 'number' || typeof s.longitude !== 'number') return null;
  return <StoreMap markers={[{ id: String(s.id), latitude: s.latitude, longitude: s.longitude, label: s.name }]} />;
}

/** /admin/stores/:id/show: the store, its status moves, its place and its Cronologia. */
export function StoreShow() {
  return (
    <Show title={<StoreTitle />} actions={<TopToolbar><StoreStatusButtons /></TopToolbar>}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Dati">
          <TextField source="name" />
          <StatusField source="status" choices={storeStatusChoices} />
          <TextField source="statusReason" emptyText="—" />
          <ReferenceField source="userId" reference="users" link="show" />
          <TextField source="slug" />
          <TextField source="description" emptyText="—" />
          <TextField source="address" />
          <TextField source="phone" emptyText="—" />
          <EmailField source="email" emptyText="—" />
          <UrlField source="website" emptyText="—" />
          <CategoryField source="category" />
          <NumberField source="views" />
          <BooleanField source="shippingEnabled" />
          <BooleanField source="pickupOnly" />
          <ItalianDateField source="createdAt" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Mappa" path="mappa">
          <StorePin />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Cronologia" path="cronologia">
          <HistoryTab type="store" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
