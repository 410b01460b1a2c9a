/** One entry of the app sidebar. */
export interface NavItem {
  label: string;
  to: string;
}

/**
 * The app sidebar, in display order. Each screen of spec section 2 adds its entry here when
 * it is built; no placeholders for screens that do not exist yet.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'ICP Builder', to: '/icp-builder' },
  { label: 'Prospect Discovery', to: '/prospect-discovery' },
  { label: 'Pipelines', to: '/pipelines' },
  { label: 'Plugins', to: '/plugins' },
];
