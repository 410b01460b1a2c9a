// What the CRM feature offers other screens: the CRMs section of Settings → Integrations.
export { CrmSection } from './components/crm-section.tsx';
