// What the Review Queue offers the app: its page (/review), where generated emails wait for a person's approval in review mode.
export { ReviewQueuePage } from './components/review-queue-page.tsx';
export { HeldReplies } from './components/held-replies.tsx';
export { SendingForecast } from './components/sending-forecast.tsx';
export { SendingCapacity } from './components/sending-capacity.tsx';
export { STATUS_BADGES } from './utils/review-text.ts';
