import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { reviewsApi } from '@contracts/reviews';
import { apiGet, apiRequest } from '../../lib/client';

/* Reviews (docs/api-reviews.md): to write, received, written; the public ones of a shop or a collaborator; the shop's reply. */

export type Review = ResponseOf<typeof reviewsApi.received>[number];
export type ToWrite = ResponseOf<typeof reviewsApi.toWrite>[number];
export type PublicReviews = ResponseOf<typeof reviewsApi.store>;
export type PublicReview = PublicReviews['reviews'][number];
export type SessionReviewBody = BodyOf<typeof reviewsApi.reviewSession>;
export type OrderReviewBody = BodyOf<typeof reviewsApi.reviewOrder>;

export const reviewsUrl = '/api/reviews';
const toWriteUrl = `${reviewsUrl}/to-write`;
const receivedUrl = `${reviewsUrl}/received`;
const writtenUrl = `${reviewsUrl}/written`;

export const useToWrite = (enabled = true) => useQuery({ queryKey: [toWriteUrl], enabled, queryFn: async () => (await apiGet<ToWrite[]>(toWriteUrl)) ?? [] });
export const useReceived = (enabled = true) => useQuery({ queryKey: [receivedUrl], enabled, queryFn: async () => (await apiGet<Review[]>(`${receivedUrl}?pageSize=200`)) ?? [] });
export const useWritten = (enabled = true) => useQuery({ queryKey: [writtenUrl], enabled, queryFn: async () => (await apiGet<Review[]>(`${writtenUrl}?pageSize=200`)) ?? [] });

/** A shop's (its customers') or a collaborator's (the shops') published reviews, with their average and count. */
export function usePublicReviews(about: 'stores' | 'collaborators', id: string | undefined) {
  const url = `${reviewsUrl}/${about}/${id ?? ''}?pageSize=50`;
  return useQuery({ queryKey: [url], enabled: Boolean(id), queryFn: async () => (await apiGet<PublicReviews>(url))! });
}

/** After a review or a reply: every list of reviews, and the pages showing ratings, read again. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' && (q.queryKey[0].startsWith(reviewsUrl) || q.queryKey[0].startsWith('/api/assignments') || q.queryKey[0].startsWith('/api/stores')),
    });
}

export type ReviewTarget = { subjectType: 'session'; subjectId: string; body: SessionReviewBody } | { subjectType: 'order'; subjectId: string; body: OrderReviewBody };

export function useSubmitReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ subjectType, subjectId, body }: ReviewTarget) =>
      apiRequest<Review>('POST', `${reviewsUrl}/${subjectType === 'session' ? 'sessions' : 'orders'}/${subjectId}`, body),
    onSuccess: refresh,
  });
}

export function useReply() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: ({ id, reply }: { id: string; reply: string }) => apiRequest<Review>('POST', `${reviewsUrl}/${id}/reply`, { reply }), onSuccess: refresh });
}
