import {
  Ban,
  CalendarDays,
  FlaskConical,
  Inbox,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  Mail,
  Megaphone,
  Plug,
  Puzzle,
  Radar,
  SlidersHorizontal,
  Store,
  Target,
  Users,
  UsersRound,
  Webhook,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

/** One entry of the app sidebar. */
export interface NavItem {
  label: string;
  to: string;
  /** The icon drawn before its label. */
  icon: LucideIcon;
  /** Other paths whose pages belong to the entry (the header names them by it), e.g. a pipeline's batches. */
  also?: readonly string[];
}

/**
 * The app sidebar in the order of spec section 2 (with Meetflow's Review Queue beside Outreach
 * Management, where its emails come from), then Meetflow's own pages; spec section 2's Workflow
 * Test is under Tools. The sidebar, the header's page title and the in-shell 404 read these lists.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Learning Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'ICP Builder', to: '/icp-builder', icon: Target },
  { label: 'Prospect Discovery', to: '/prospect-discovery', icon: Radar },
  { label: 'Prospect Pipeline', to: '/prospects', icon: Users },
  { label: 'Outreach Management', to: '/outreach', icon: Megaphone },
  { label: 'Review Queue', to: '/review', icon: ListChecks },
  { label: 'Inbox', to: '/inbox', icon: Inbox },
  { label: 'Meeting Scheduler', to: '/meetings', icon: CalendarDays },
  { label: 'PPM Marketplace', to: '/pricing', icon: Store },
  { label: 'Agent Configuration', to: '/agents', icon: SlidersHorizontal },
  { label: 'Pipelines', to: '/pipelines', also: ['/batches'], icon: Workflow },
  { label: 'Plugins', to: '/plugins', icon: Puzzle },
];

/** Tools for trying the product out, a group of their own below the screens (the sidebar's "Tools"). */
export const TOOLS_NAV_ITEMS: readonly NavItem[] = [{ label: 'Workflow Test', to: '/workflow-test', icon: FlaskConical }];

/** The workspace's own settings, a group of their own below the screens (the sidebar's "Settings"). */
export const SETTINGS_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Members', to: '/settings/members', icon: UsersRound },
  { label: 'API Tokens', to: '/settings/api-tokens', icon: KeyRound },
  { label: 'Mailboxes', to: '/settings/mailboxes', icon: Mail },
  { label: 'Integrations', to: '/settings/integrations', icon: Plug },
  { label: 'Suppression list', to: '/settings/suppressions', icon: Ban },
  { label: 'Webhooks', to: '/settings/webhooks', icon: Webhook },
];

/** The sidebar entry a path belongs to (itself or a page under it), if any. */
export function navItemOf(pathname: string): NavItem | undefined {
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  return [...NAV_ITEMS, ...TOOLS_NAV_ITEMS, ...SETTINGS_NAV_ITEMS].find((item) => under(item.to) || item.also?.some(under));
}
