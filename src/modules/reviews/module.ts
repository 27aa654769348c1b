import { plural, said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { reviewsPersonalExport } from './personal-export.js';
import { reviewNotices } from './notices.js';
import { reviewUpkeepJob } from './deadlines.js';
import { publishedReasonLabels, reviewerTypeLabels, type ReviewerType } from './labels.js';
import { reviewsProjection } from './projection.js';
import { reviewDecider, reviewStreamId } from './review.js';
import { reviewRoutes } from './routes.js';
import { reviewsPersonalData } from './personal-data.js';

const by = (type: unknown) => reviewerTypeLabels[type as ReviewerType]?.toLowerCase() ?? said.text(type);

/** Issue [14]: reviews both ways after a collaboration session (blind for 14 days), customers' reviews of shops. */
export const reviewsModule: ModuleManifest = {
  name: 'reviews',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [reviewRoutes],
  projections: [reviewsProjection],
  events: {
    ReviewSubmitted: 'Recensione inviata',
    ReviewsPublished: 'Recensioni pubblicate',
    ReviewReplied: 'Risposta del negozio alla recensione',
  },
  personalData: reviewsPersonalData,
  personalExport: reviewsPersonalExport,
  notices: reviewNotices,
  summaries: {
    ReviewSubmitted: (d) =>
      `Recensione del ${by(d.reviewerType)} ${said.text(d.reviewerName)} su${said.quoted(d.revieweeType === 'store' ? d.storeName : d.collaboratorName)}: ${Number(d.overallRating) || 0} su 5.`,
    ReviewsPublished: (d) =>
      `${plural(Array.isArray(d.reviews) ? d.reviews.length : 0, 'recensione pubblicata', 'recensioni pubblicate')}: ${(publishedReasonLabels as Record<string, string>)[said.text(d.reason)] ?? said.text(d.reason)}.`,
    ReviewReplied: (d) => `Il negozio ha risposto: ${said.text(d.reply)}.`,
  },
  audited: { review: { stream: reviewStreamId, decider: () => reviewDecider } },
  jobs: [reviewUpkeepJob],
};
