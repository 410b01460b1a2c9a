// `npm run mail`: read and answer, as a prospect would, what the demo mailbox sent to the local
// mail server `npm start` runs (GreenMail). Nothing here leaves this machine.
//   npm run mail                              every inbox on the local server, newest message last
//   npm run mail -- show <address> [uid]      one message (the newest of that inbox by default)
//   npm run mail -- reply <address> [uid] <text>   answer it, in its thread, from <address>
import { resolve } from 'node:path';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { loadConfigOrExit } from '../../src/core/config.ts';
import { repoRoot } from '../../src/core/paths.ts';
import { readMailAddress, type MailAddress } from '../devstack/mail-server.ts';

interface StoredMessage {
  uid: string;
  mimeMessage: string;
}

class UsageError extends Error {}

const USAGE = [
  'usage:',
  '  npm run mail                                   list every inbox on the local mail server',
  '  npm run mail -- show <address> [uid]           show a message (the newest by default)',
  '  npm run mail -- reply <address> [uid] "<text>" answer it from <address>, in its thread',
].join('\n');

async function api<T>(server: MailAddress, path: string): Promise<T> {
  const response = await fetch(`${server.apiUrl}${path}`).catch(() => {
    throw new UsageError(`The local mail server does not answer at ${server.apiUrl}: is \`npm start\` running?`);
  });
  if (!response.ok) throw new UsageError(`The local mail server answered ${response.status} for ${path}`);
  return (await response.json()) as T;
}

const inboxOf = (server: MailAddress, address: string) =>
  api<StoredMessage[]>(server, `/api/user/${encodeURIComponent(address)}/messages/INBOX`);

async function list(server: MailAddress) {
  const users = await api<Array<{ email: string }>>(server, '/api/user');
  let shown = 0;
  for (const { email } of users.sort((a, b) => a.email.localeCompare(b.email))) {
    const messages = await inboxOf(server, email);
    if (messages.length === 0) continue;
    console.log(`\n${email}  (${messages.length} message${messages.length === 1 ? '' : 's'})`);
    for (const stored of messages) {
      const parsed = await simpleParser(stored.mimeMessage);
      const date = parsed.date?.toISOString().slice(0, 16).replace('T', ' ') ?? '';
      console.log(`  uid ${stored.uid.padEnd(4)} ${date}  from ${parsed.from?.value[0]?.address ?? '?'}  "${parsed.subject ?? ''}"`);
      shown += 1;
    }
  }
  if (shown === 0) console.log('No mail yet. Approve an email under Review Queue in the app; once sent it shows here.');
  else console.log('\nRead one:    npm run mail -- show <address> [uid]\nAnswer it:   npm run mail -- reply <address> [uid] "<text>"');
}

/** The message `uid` of the inbox (its newest when no uid is given). */
async function pick(server: MailAddress, address: string, uid: string | undefined) {
  const messages = await inboxOf(server, address);
  const stored = uid === undefined ? messages.at(-1) : messages.find((message) => message.uid === uid);
  if (!stored)
    throw new UsageError(`${address} has ${uid === undefined ? 'no messages' : `no message with uid ${uid}`} (see \`npm run mail\`)`);
  return simpleParser(stored.mimeMessage);
}

async function show(server: MailAddress, address: string, uid: string | undefined) {
  const message = await pick(server, address, uid);
  const header = (name: string) => {
    const value = message.headers.get(name);
    return typeof value === 'string' ? value : ((value as { text?: string } | undefined)?.text ?? '');
  };
  for (const name of ['from', 'to', 'subject', 'date', 'message-id', 'in-reply-to', 'list-unsubscribe']) {
    const value = name === 'date' ? message.date?.toISOString() : header(name);
    if (value) console.log(`${name}: ${value}`);
  }
  console.log(`\n${message.text ?? ''}`);
}

async function reply(server: MailAddress, address: string, uid: string | undefined, text: string) {
  const original = await pick(server, address, uid);
  const to = original.from?.value[0]?.address;
  if (!to) throw new UsageError('That message has no sender to answer');
  const references = [...[original.references ?? []].flat(), ...(original.messageId ? [original.messageId] : [])];
  const quoted = (original.text ?? '')
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const transport = nodemailer.createTransport({ host: server.host, port: server.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: address,
    to,
    subject: /^re:/i.test(original.subject ?? '') ? original.subject : `Re: ${original.subject ?? ''}`,
    text: `${text}\n\nOn ${original.date?.toUTCString() ?? 'an earlier day'}, ${to} wrote:\n${quoted}\n`,
    ...(original.messageId ? { inReplyTo: original.messageId, references } : {}),
  });
  transport.close();
  console.log(`Sent from ${address} to ${to}. Meetflow reads it at its next IMAP check (or: Settings → Mailboxes → Check replies now).`);
}

async function main(args: string[]) {
  const config = loadConfigOrExit();
  const server = readMailAddress(resolve(repoRoot, config.devstack.dataDir));
  if (!server) throw new UsageError('No local mail server has been started: run `npm start` first (without MEETFLOW_MAIL=off).');
  const [command, address, ...rest] = args;
  if (command === undefined || command === 'list') return list(server);
  if (!address || !['show', 'reply'].includes(command)) throw new UsageError(USAGE);
  const uid = /^\d+$/.test(rest[0] ?? '') && (command === 'show' || rest.length > 1) ? rest.shift() : undefined;
  if (command === 'show') return show(server, address.toLowerCase(), uid);
  const text = rest.join(' ').trim();
  if (!text) throw new UsageError(`What should the reply say?\n${USAGE}`);
  return reply(server, address.toLowerCase(), uid, text);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
