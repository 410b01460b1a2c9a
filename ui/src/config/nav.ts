/** One entry of the app sidebar. */
export interface NavItem {
  label: string;
  to: string;
  /** Other paths whose pages belong to the entry (the header names them by it), e.g. a pipeline's batches. */
  also?: readonly string[];
}

/**
 * The app sidebar in the order of spec section 2 (with Meetflow's Review Queue beside Outreach
 * Management, where its emails come from), then Meetflow's own pages. The sidebar, the
 * header's page title and the in-shell 404 all read this list.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Learning Dashboard', to: '/dashboard' },
  { label: 'ICP Builder', to: '/icp-builder' },
  { label: 'Prospect Discovery', to: '/prospect-discovery' },
  { label: 'Workflow Test', to: '/workflow-test' },
  { label: 'Prospect Pipeline', to: '/prospects' },
  { label: 'Outreach Management', to: '/outreach' },
  { label: 'Review Queue', to: '/review' },
  { label: 'Meeting Scheduler', to: '/meetings' },
  { label: 'PPM Marketplace', to: '/pricing' },
  { label: 'Agent Configuration', to: '/agents' },
  { label: 'Pipelines', to: '/pipelines', also: ['/batches'] },
  { label: 'Plugins', to: '/plugins' },
];

/** The workspace's own settings, a group of their own below the screens (the sidebar's "Settings"). */
export const SETTINGS_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Members', to: '/settings/members' },
  { label: 'API Tokens', to: '/settings/api-tokens' },
  { label: 'Mailboxes', to: '/settings/mailboxes' },
  { label: 'Suppression list', to: '/settings/suppressions' },
];

/** The sidebar entry a path belongs to (itself or a page under it), if any. */
export function navItemOf(pathname: string): NavItem | undefined {
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  return [...NAV_ITEMS, ...SETTINGS_NAV_ITEMS].find((item) => under(item.to) || item.also?.some(under));
}
