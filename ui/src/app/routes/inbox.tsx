import { InboxScreen } from '../../features/inbox/components/inbox-screen.tsx';

/** /inbox: every reply, threaded, classified and acted on (Meetflow's own screen, beside the Review Queue). */
export function InboxRoute() {
  return <InboxScreen />;
}
