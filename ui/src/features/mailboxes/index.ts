// What the Mailboxes feature offers: its page (/settings/mailboxes), and the workspace's mailboxes for screens that choose among them.
export { mailboxesQueryOptions, type Mailbox } from './api/mailboxes-api.ts';
export { MailboxesPage } from './components/mailboxes-page.tsx';
