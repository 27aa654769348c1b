import { FunctionField } from 'react-admin';
import { fields, StatusField } from '../../../admin/shared/fields';
import { editActions, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { listText, packageStatusChoices, packageTypeName } from './choices';

export const packageTitle = <RecordTitle name="Pacchetto" of={(p) => `«${p.name}»`} />;

/** /admin/packages/:id/show: every field of the package, the price of the moment, and its Cronologia. */
export function PackageShow() {
  return (
    <RecordShow title={packageTitle} actions={editActions} history="package">
      {fields.texts('name')}
      <FunctionField source="type" render={(p: { type: string }) => packageTypeName(p.type)} />
      <StatusField source="status" choices={packageStatusChoices} />
      {fields.optionalTexts('description')}
      {fields.money('price', 'currentPrice')}
      {fields.booleans('isPromotional')}
      {fields.numbers('discountPercentage')}
      {fields.dates('promotionEndDate')}
      {fields.booleans('isPopular')}
      <FunctionField source="features" render={(p: { features: string[] }) => listText(p.features)} />
      {fields.numbers('credits', 'durationDays', 'durationMonths')}
      {fields.booleans('enablesShipping')}
      {fields.optionalNumbers('shippingRadius', 'maxFreeShippingOrders')}
      {fields.booleans('enablesOnlinePayments', 'enablesStripePayments', 'enablesPayPalPayments', 'enablesPriceComparison')}
      {fields.money('aiCreditsPrice', 'collaboratorPrice', 'collaboratorTotalCost', 'collaboratorCompensation', 'siteCommission')}
      {fields.numbers('commissionPercentage')}
      <FunctionField source="customItems" render={(p: { customItems: string[] }) => listText(p.customItems)} />
      {fields.numbers('purchases')}
      {fields.dates('createdAt', 'updatedAt')}
    </RecordShow>
  );
}
