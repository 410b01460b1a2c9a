import { ReviewQueuePage } from '../../features/review-queue/index.ts';

/** /review: the emails waiting for a person's approval before they are sent (review mode). */
export function ReviewRoute() {
  return <ReviewQueuePage />;
}
