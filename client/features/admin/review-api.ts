/** The moderators' review calls (chatbots in manual review or flagged), on the shared contracts. */
import { decideReview, listReviewQueue, type ReviewDecision } from '#shared/api/authoring';
import type { ApiClient } from '../../lib/api-client';

export type ReviewQueueStatus = 'manual_review_required' | 'fix_required';

export async function loadReviewQueue(
  api: ApiClient,
  status: ReviewQueueStatus,
  signal: AbortSignal,
) {
  const { items } = await api.request(listReviewQueue, { query: { status }, signal });
  return items;
}

export function sendReviewDecision(api: ApiClient, id: string, decision: ReviewDecision) {
  return api.request(decideReview, { params: { id }, body: decision });
}
