// What the CRM feature offers other screens: the CRMs section of Settings → Integrations, and its query (the page's OAuth toast names a CRM by it).
export { CrmSection } from './components/crm-section.tsx';
export { crmQueryOptions } from './api/crm-api.ts';
