// What the Webhooks feature offers the app: its page (/settings/webhooks), the workspace's signed outgoing webhooks and their delivery log.
export { WebhooksPage } from './components/webhooks-page.tsx';
