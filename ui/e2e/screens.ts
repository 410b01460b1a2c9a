/** Every screen of the app a spec can visit without an id: the landing page, then the sidebar's screens in order. */
export const APP_SCREENS = [
  '/',
  '/dashboard',
  '/icp-builder',
  '/prospect-discovery',
  '/workflow-test',
  '/prospects',
  '/outreach',
  '/inbox',
  '/meetings',
  '/pricing',
  '/agents',
  '/pipelines',
  '/plugins',
  '/settings/members',
  '/settings/api-tokens',
] as const;
