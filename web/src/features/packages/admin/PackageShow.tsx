import { BooleanField, FunctionField, NumberField, TextField } from 'react-admin';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { editActions, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { listText, packageStatusChoices, packageTypeName } from './choices';

export const packageTitle = <RecordTitle name="Pacchetto" of={(p) => `«${p.name}»`} />;

/** /admin/packages/:id/show: every field of the package, the price of the moment, and its Cronologia. */
export function PackageShow() {
  return (
    <RecordShow title={packageTitle} actions={editActions} history="package">
      <TextField source="name" />
      <FunctionField source="type" render={(p: { type: string }) => packageTypeName(p.type)} />
      <StatusField source="status" choices={packageStatusChoices} />
      <TextField source="description" emptyText="—" />
      <MoneyField source="price" />
      <MoneyField source="currentPrice" />
      <BooleanField source="isPromotional" />
      <NumberField source="discountPercentage" />
      <ItalianDateField source="promotionEndDate" />
      <BooleanField source="isPopular" />
      <FunctionField source="features" render={(p: { features: string[] }) => listText(p.features)} />
      <NumberField source="credits" />
      <NumberField source="durationDays" />
      <NumberField source="durationMonths" />
      <BooleanField source="enablesShipping" />
      <NumberField source="shippingRadius" emptyText="—" />
      <NumberField source="maxFreeShippingOrders" emptyText="—" />
      <BooleanField source="enablesOnlinePayments" />
      <BooleanField source="enablesStripePayments" />
      <BooleanField source="enablesPayPalPayments" />
      <BooleanField source="enablesPriceComparison" />
      <MoneyField source="aiCreditsPrice" />
      <MoneyField source="collaboratorPrice" />
      <MoneyField source="collaboratorTotalCost" />
      <MoneyField source="collaboratorCompensation" />
      <MoneyField source="siteCommission" />
      <NumberField source="commissionPercentage" />
      <FunctionField source="customItems" render={(p: { customItems: string[] }) => listText(p.customItems)} />
      <NumberField source="purchases" />
      <ItalianDateField source="createdAt" />
      <ItalianDateField source="updatedAt" />
    </RecordShow>
  );
}
