import { BooleanField, EmailField, NumberField, ReferenceField, TabbedShowLayout, TextField, TopToolbar, UrlField, useRecordContext } from 'react-admin';
import { StoreMap } from '../../../components/MapPicker';
import { storeStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField, CategoryField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { StoreStatusButtons } from './StoreStatusButtons';

function StorePin() {
  const s = useRecordContext();
  if (!s || typeof s.latitude !== 'number' || typeof s.longitude !== 'number') return null;
  return <StoreMap markers={[{ id: String(s.id), latitude: s.latitude, longitude: s.longitude, label: s.name }]} />;
}

/** /admin/stores/:id/show: the store, its status moves, its place and its Cronologia. */
export function StoreShow() {
  return (
    <RecordShow
      title={<RecordTitle name="Negozio" of={(store) => `«${store.name}»`} />}
      actions={
        <TopToolbar>
          <StoreStatusButtons />
        </TopToolbar>
      }
      history="store"
      tab={
        <TabbedShowLayout.Tab label="Mappa" path="mappa">
          <StorePin />
        </TabbedShowLayout.Tab>
      }
    >
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
    </RecordShow>
  );
}
