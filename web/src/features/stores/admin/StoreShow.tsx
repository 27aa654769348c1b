import { EmailField, ReferenceField, UrlField, useRecordContext } from 'react-admin';
import { ShopMap } from '../store-parts';
import { storeStatusChoices } from '../../../admin/shared/choices';
import { CategoryField, fields, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { StoreStatusButtons } from './StoreStatusButtons';
import { SellerCheck } from './SellerCheck';
import { HistoryTab } from '../../../admin/history/HistoryTab';
import { HolderStatements } from '../../earnings/admin/HolderStatements';
import type { Store } from '@contracts/stores';

function StorePin() {
  const s = useRecordContext<Store>();
  if (!s || typeof s.latitude !== 'number' || typeof s.longitude !== 'number') return null;
  return <ShopMap markers={[{ id: String(s.id), latitude: s.latitude, longitude: s.longitude, label: s.name }]} />;
}

/** /admin/stores/:id/show: the store, its status moves, its place and its Cronologia. */
export function StoreShow() {
  return (
    <RecordShow
      title={<RecordTitle name="Negozio" of={(store) => `«${store.name}»`} />}
      actions={<StoreStatusButtons />}
      history="store"
      tab={[
        { label: 'Mappa', path: 'mappa', content: <StorePin /> },
        // Who sells (issue [21]): the declaration and the admin's check.
        { label: 'Chi vende', path: 'venditore', content: <SellerCheck /> },
        // The shop's payment accounts at the providers, as their events tell them (issue [20]).
        { label: 'Conti di pagamento', path: 'conti', content: <HistoryTab type="store-payment-accounts" /> },
        // Its monthly statements, as the shop downloads them.
        { label: 'Estratti conto', path: 'estratti', content: <HolderStatements /> },
      ]}
    >
      {fields.texts('name')}
      <StatusField source="status" choices={storeStatusChoices} />
      {fields.optionalTexts('statusReason')}
      <ReferenceField source="userId" reference="users" link="show" />
      {fields.texts('slug')}
      {fields.optionalTexts('description')}
      {fields.texts('address')}
      {fields.optionalTexts('phone')}
      <EmailField source="email" emptyText="—" />
      <UrlField source="website" emptyText="—" />
      <CategoryField source="category" />
      {fields.numbers('views')}
      {fields.booleans('shippingEnabled', 'pickupOnly')}
      {fields.dates('createdAt')}
    </RecordShow>
  );
}
