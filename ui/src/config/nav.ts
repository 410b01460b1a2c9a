/** One entry of the app sidebar. */
export interface NavItem {
  label: string;
  to: string;
  /** False for a screen of the spec that is not built yet: shown in its place, not a link. */
  built: boolean;
}

/**
 * The app sidebar in the order of spec section 2, then Meetflow's own pages. The sidebar, the
 * header's page title and the in-shell 404 all read this list.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Learning Dashboard', to: '/dashboard', built: true },
  { label: 'ICP Builder', to: '/icp-builder', built: true },
  { label: 'Prospect Discovery', to: '/prospect-discovery', built: true },
  { label: 'Workflow Test', to: '/workflow-test', built: true },
  { label: 'Prospect Pipeline', to: '/prospects', built: true },
  { label: 'Outreach Management', to: '/outreach', built: true },
  { label: 'Meeting Scheduler', to: '/meetings', built: true },
  { label: 'PPM Marketplace', to: '/pricing', built: true },
  { label: 'Agent Configuration', to: '/agents', built: true },
  { label: 'Pipelines', to: '/pipelines', built: true },
  { label: 'Plugins', to: '/plugins', built: true },
];

/** The sidebar entry a path belongs to (itself or a page under it), if any. */
export function navItemOf(pathname: string): NavItem | undefined {
  return NAV_ITEMS.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
}
