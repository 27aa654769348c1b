import { FunctionField } from 'react-admin';
import { labelOf, toChoices } from '../../../admin/shared/choices';
import { ChoiceField, fields } from '../../../admin/shared/fields';
import { newestFirst, RecordShow, RecordTitle, ResourceList } from '../../../admin/shared/screens';
import { reviewerTypeLabels, subjectTypeLabels } from '@pure/reviews/labels';
import type { Review } from '@contracts/reviews';

const reviewerChoices = toChoices(reviewerTypeLabels);
const subjectChoices = toChoices(subjectTypeLabels);
const revieweeChoices = [
  { id: 'collaborator', name: 'Collaboratore' },
  { id: 'store', name: 'Negozio' },
];
const visibility = (r: { published: boolean }) => (r.published ? 'Visibile' : 'Nascosta');
const about = (r: { revieweeType: string; storeName: string; collaboratorName: string | null }) => (r.revieweeType === 'store' ? r.storeName : (r.collaboratorName ?? ''));
const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'Sì' : 'No');

/** /admin/reviews: every review, newest first: who wrote it about whom, its stars, whether it is visible yet. */
export function ReviewList() {
  return (
    <ResourceList<Review>
      search="Negozio, autore o collaboratore"
      filterBy={{ subjectType: subjectChoices, reviewerType: reviewerChoices, revieweeType: revieweeChoices }}
      sort={newestFirst('submittedAt')}
      line={{
        primary: (r) => `${r.reviewerName} → ${about(r)}`,
        secondary: (r) => `${r.overallRating}/5 · ${labelOf(subjectChoices, r.subjectType)}`,
        tertiary: (r) => visibility(r),
      }}
    >
      {fields.days('submittedAt')}
      <ChoiceField source="subjectType" choices={subjectChoices} />
      {fields.texts('reviewerName')}
      <ChoiceField source="reviewerType" choices={reviewerChoices} />
      <FunctionField source="revieweeType" label="Recensito" render={(r: Review) => about(r)} />
      {fields.numbers('overallRating')}
      <FunctionField source="published" sortable={false} render={(r: Review) => visibility(r)} />
    </ResourceList>
  );
}

/** /admin/reviews/:id/show: the review, its visibility and the shop's reply; its Cronologia is its session's or order's reviews. */
export function ReviewShow() {
  return (
    <RecordShow title={<RecordTitle<Review> name="Recensione" of={(r) => `di ${r.reviewerName} su ${about(r)}`} />} history="review" historyOf={(r) => String(r.subjectId)}>
      <ChoiceField source="subjectType" choices={subjectChoices} />
      {fields.texts('subjectId', 'storeName')}
      {fields.optionalTexts('collaboratorName')}
      {fields.texts('reviewerName')}
      <ChoiceField source="reviewerType" choices={reviewerChoices} />
      <ChoiceField source="revieweeType" choices={revieweeChoices} />
      {fields.numbers('overallRating')}
      {fields.optionalNumbers('quality', 'punctuality', 'communication', 'professionalism')}
      {fields.optionalTexts('comment')}
      <FunctionField source="wouldRecommend" render={(r: Review) => yesNo(r.wouldRecommend)} />
      <FunctionField source="wouldWorkAgain" render={(r: Review) => yesNo(r.wouldWorkAgain)} />
      {fields.optionalTexts('positivePoints', 'improvementAreas')}
      {fields.dates('completedAt', 'submittedAt', 'windowEndsAt')}
      <FunctionField source="published" render={(r: Review) => visibility(r)} />
      {fields.optionalTexts('reply')}
      {fields.dates('repliedAt')}
    </RecordShow>
  );
}
