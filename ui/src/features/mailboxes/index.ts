export { MailboxesPage } from './components/mailboxes-page.tsx';
