// What the Suppression list feature offers the app: its page (/settings/suppressions), the addresses and domains the workspace never emails.
export { SuppressionsPage } from './components/suppressions-page.tsx';
