import { OutreachManagement } from '../../features/campaigns/components/outreach-management.tsx';

/** /outreach: Outreach Management (spec section 2). */
export function OutreachRoute() {
  return <OutreachManagement />;
}
