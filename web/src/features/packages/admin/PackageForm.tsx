import { ArrayInput, BooleanInput, DateTimeInput, NumberInput, SelectInput, SimpleFormIterator, TextInput, required } from 'react-admin';
import { packageTypeChoices } from './choices';

/** Every field of spec §3 packages, as the create and edit forms show them. */
export function PackageFields() {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <SelectInput source="type" choices={packageTypeChoices} validate={required()} />
      <TextInput source="description" multiline minRows={2} fullWidth />
      <NumberInput source="price" validate={required()} min={0} step={0.01} />
      <NumberInput source="durationDays" min={1} />
      <NumberInput source="durationMonths" min={0} />
      <NumberInput source="credits" min={0} />
      <BooleanInput source="isPopular" helperText="Mostra il badge «Più scelto»." />
      <BooleanInput source="isPromotional" />
      <NumberInput source="discountPercentage" min={0} max={100} />
      <DateTimeInput source="promotionEndDate" helperText="Fino a quando vale lo sconto." parse={(v: string) => (v ? new Date(v).toISOString() : null)} />
      <ArrayInput source="features">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label={false} fullWidth />
        </SimpleFormIterator>
      </ArrayInput>
      <BooleanInput source="enablesShipping" />
      <NumberInput source="shippingRadius" min={0} />
      <NumberInput source="maxFreeShippingOrders" min={0} />
      <BooleanInput source="enablesOnlinePayments" />
      <BooleanInput source="enablesStripePayments" />
      <BooleanInput source="enablesPayPalPayments" />
      <BooleanInput source="enablesPriceComparison" />
      <NumberInput source="aiCreditsPrice" min={0} step={0.01} />
      <NumberInput source="collaboratorPrice" min={0} step={0.01} />
      <NumberInput source="collaboratorTotalCost" min={0} step={0.01} />
      <NumberInput source="collaboratorCompensation" min={0} step={0.01} />
      <NumberInput source="siteCommission" min={0} step={0.01} />
      <NumberInput source="commissionPercentage" min={0} max={100} />
      <ArrayInput source="customItems">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label={false} fullWidth />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
