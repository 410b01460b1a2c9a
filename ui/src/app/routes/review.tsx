import { ReviewQueuePage } from '../../features/outbox/index.ts';

/** /review: the emails waiting for a person's approval before they are sent (review mode). */
export function ReviewRoute() {
  return <ReviewQueuePage />;
}
