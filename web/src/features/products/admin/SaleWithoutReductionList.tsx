import { Alert } from '@mui/material';
import { ReferenceField, TextField } from 'react-admin';
import { formatMoney } from '../../../lib/money';
import { CategoryField, fields } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle, ResourceList } from '../../../admin/shared/screens';
import type { AdminProductSale } from '@contracts/catalog';

/** What the list is, once, above it: the rule the shops break and who is exempt. */
const rule = (
  <Alert severity="info" sx={{ m: 1 }}>
    Prodotti «in offerta» il cui prezzo non è più basso del prezzo minimo dei 30 giorni precedenti (Codice del Consumo, art. 17-bis). Frutta e verdura, pane, carne, pesce e fiori
    ne sono esenti e non compaiono.
  </Alert>
);

/** /admin/product-sales: the sales announced without a real reduction, newest prices first. */
export function SaleWithoutReductionList() {
  return (
    <ResourceList<AdminProductSale>
      search="Nome, codice o codice a barre"
      above={rule}
      line={{
        primary: (p) => p.name,
        secondary: (p) => `${formatMoney(p.price)} · minimo 30 giorni ${p.lowestPrice30Days === null ? '—' : formatMoney(p.lowestPrice30Days)} · ${p.storeName ?? ''}`,
        tertiary: (p) => p.reason,
      }}
    >
      {fields.texts('name')}
      <TextField source="storeName" sortable={false} />
      {fields.money('price', 'lowestPrice30Days')}
      {fields.days('priceSince')}
      <TextField source="reason" sortable={false} />
    </ResourceList>
  );
}

const saleTitle = <RecordTitle name="Offerta senza ribasso" of={(product) => `«${product.name}»`} />;

/** /admin/product-sales/:id/show: why the sale is no reduction, the product, and its Cronologia (its prices over time). */
export function SaleWithoutReductionShow() {
  return (
    <RecordShow title={saleTitle} history="product">
      {fields.texts('reason')}
      <ReferenceField source="id" reference="products" link="show" label="Prodotto" />
      <ReferenceField source="storeId" reference="stores" link="show" />
      {fields.money('price', 'lowestPrice30Days')}
      {fields.dates('priceSince')}
      <CategoryField source="category" />
    </RecordShow>
  );
}
