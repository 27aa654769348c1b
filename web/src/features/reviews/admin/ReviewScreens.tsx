import { FunctionField, NumberField, SelectInput, TextField } from 'react-admin';
import { labelOf, toChoices } from '../../../admin/shared/choices';
import { ItalianDateField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle, ResourceList } from '../../../admin/shared/screens';
import { reviewerTypeLabels, subjectTypeLabels } from '@pure/reviews/labels';

const reviewerChoices = toChoices(reviewerTypeLabels);
const subjectChoices = toChoices(subjectTypeLabels);
const revieweeChoices = [
  { id: 'collaborator', name: 'Collaboratore' },
  { id: 'store', name: 'Negozio' },
];
const visibility = (r: { published: boolean }) => (r.published ? 'Visibile' : 'Nascosta');
const about = (r: { revieweeType: string; storeName: string; collaboratorName: string | null }) => (r.revieweeType === 'store' ? r.storeName : (r.collaboratorName ?? ''));
const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'Sì' : 'No');

const filters = [
  <SelectInput key="subjectType" source="subjectType" choices={subjectChoices} alwaysOn />,
  <SelectInput key="reviewerType" source="reviewerType" choices={reviewerChoices} />,
  <SelectInput key="revieweeType" source="revieweeType" choices={revieweeChoices} />,
];

/** /admin/reviews: every review, newest first: who wrote it about whom, its stars, whether it is visible yet. */
export function ReviewList() {
  return (
    <ResourceList
      search="Negozio, autore o collaboratore"
      filters={filters}
      sort={{ field: 'submittedAt', order: 'DESC' }}
      line={{
        primary: (r) => `${r.reviewerName} → ${about(r as never)}`,
        secondary: (r) => `${r.overallRating}/5 · ${labelOf(subjectChoices, r.subjectType)}`,
        tertiary: (r) => visibility(r as never),
      }}
    >
      <ItalianDateField source="submittedAt" dayOnly />
      <FunctionField source="subjectType" render={(r) => labelOf(subjectChoices, r.subjectType)} />
      <TextField source="reviewerName" />
      <FunctionField source="reviewerType" render={(r) => labelOf(reviewerChoices, r.reviewerType)} />
      <FunctionField source="revieweeType" label="Recensito" render={(r) => about(r as never)} />
      <NumberField source="overallRating" />
      <FunctionField source="published" sortable={false} render={(r) => visibility(r as never)} />
    </ResourceList>
  );
}

/** /admin/reviews/:id/show: the review, its visibility and the shop's reply; its Cronologia is its session's or order's reviews. */
export function ReviewShow() {
  return (
    <RecordShow title={<RecordTitle name="Recensione" of={(r) => `di ${r.reviewerName} su ${about(r as never)}`} />} history="review" historyOf={(r) => String(r.subjectId)}>
      <FunctionField source="subjectType" render={(r) => labelOf(subjectChoices, r.subjectType)} />
      <TextField source="subjectId" />
      <TextField source="storeName" />
      <TextField source="collaboratorName" emptyText="—" />
      <TextField source="reviewerName" />
      <FunctionField source="reviewerType" render={(r) => labelOf(reviewerChoices, r.reviewerType)} />
      <FunctionField source="revieweeType" render={(r) => labelOf(revieweeChoices, r.revieweeType)} />
      <NumberField source="overallRating" />
      <NumberField source="quality" emptyText="—" />
      <NumberField source="punctuality" emptyText="—" />
      <NumberField source="communication" emptyText="—" />
      <NumberField source="professionalism" emptyText="—" />
      <TextField source="comment" emptyText="—" />
      <FunctionField source="wouldRecommend" render={(r) => yesNo(r.wouldRecommend)} />
      <FunctionField source="wouldWorkAgain" render={(r) => yesNo(r.wouldWorkAgain)} />
      <TextField source="positivePoints" emptyText="—" />
      <TextField source="improvementAreas" emptyText="—" />
      <ItalianDateField source="completedAt" />
      <ItalianDateField source="submittedAt" />
      <ItalianDateField source="windowEndsAt" />
      <FunctionField source="published" render={(r) => visibility(r as never)} />
      <TextField source="reply" emptyText="—" />
      <ItalianDateField source="repliedAt" />
    </RecordShow>
  );
}
