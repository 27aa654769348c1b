import { SelectInput } from 'react-admin';
import { RecordCreate, RecordEdit } from '../../../admin/shared/screens';
import { packageStatusChoices } from './choices';
import { PackageFields } from './PackageForm';
import { packageTitle } from './PackageShow';

/** Editing a package; "Archiviato" takes it off sale for good. A package never bought may be deleted, one bought is archived. */
export function PackageEdit() {
  return (
    <RecordEdit
      title={packageTitle}
      deleting={{
        confirmTitle: 'Eliminare questo pacchetto?',
        confirmContent: 'Si può eliminare solo un pacchetto che nessuno ha mai acquistato; uno acquistato si archivia, perché gli acquisti restano.',
      }}
      maxWidth={720}
    >
      <SelectInput source="status" choices={packageStatusChoices} helperText="Un pacchetto archiviato esce dal catalogo e non si modifica più." />
      <PackageFields />
    </RecordEdit>
  );
}

/** A new package: name, type and price; the rest takes spec §9's defaults. */
export function PackageCreate() {
  return (
    <RecordCreate
      title="Nuovo pacchetto"
      maxWidth={720}
      record={{
        durationDays: 30,
        durationMonths: 1,
        commissionPercentage: 20,
        credits: 0,
        discountPercentage: 0,
        isPopular: false,
        isPromotional: false,
        features: [],
        customItems: [],
      }}
    >
      <PackageFields />
    </RecordCreate>
  );
}
