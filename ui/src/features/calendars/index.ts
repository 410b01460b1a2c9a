// What the Integrations feature offers: its page (/settings/integrations: the workspace's calendar), and the calendar query for screens that name it.
export { calendarsQueryOptions, type ConnectedCalendar } from './api/calendars-api.ts';
export { IntegrationsPage } from './components/integrations-page.tsx';
