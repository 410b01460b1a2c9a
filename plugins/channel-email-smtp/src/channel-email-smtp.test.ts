import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { bindActivities, validatePlugins, type ActivityContext } from '@meetflow/plugin-sdk';
import { CHANNEL_FAILURES, type OutgoingMessage } from '@meetflow/plugin-sdk/contracts/channel';
import { testDeps } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSmtpChannel, type SmtpAccount } from './index.ts';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.ts';

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});
const bound = bindActivities(emailSmtpChannel, testDeps(emailSmtpChannel, { config: { verifyTimeoutSeconds: 3 } }), context);
const send = bound['channel-email-smtp.send']!;
const verify = bound['channel-email-smtp.verify']!;

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  messageId: '<step-2@acme.test>',
  from: { name: 'Ada at Acme', address: 'ada@acme.test' },
  to: 'lin@prospect.test',
  subject: 'Re: your onboarding',
  text: 'Hi Lin,\n\nA follow-up.\n\n--\nUnsubscribe: https://meetflow.test/api/unsubscribe/t1\n',
  inReplyTo: '<step-1@acme.test>',
  references: ['<step-1@acme.test>'],
  unsubscribe: { url: 'https://meetflow.test/api/unsubscribe/t1', mailto: 'mailto:ada@acme.test?subject=unsubscribe' },
  ...overrides,
});

/** Runs send, noting when the checkpoint passed and how many messages the server had then. */
async function sendNoting(account: SmtpAccount, outgoing = message()) {
  const marks: Array<{ mark: string; messagesAtServer: number }> = [];
  const result = await send(
    { account, message: outgoing },
    { checkpoint: async (mark) => void marks.push({ mark, messagesAtServer: sink.messages.length }) },
  ).catch((error: unknown) => error);
  return { result, marks };
}

let sink: SmtpSink;
let account: SmtpAccount;
beforeAll(async () => {
  sink = await startSmtpSink();
  account = { host: '127.0.0.1', port: sink.port, tls: 'none', user: sink.user, password: sink.password };
});
afterAll(() => sink.close());

describe('the email-over-SMTP channel', () => {
  it('is a valid channel plugin whose account fields are its declared credentials', () => {
    expect(() => validatePlugins([emailSmtpChannel])).not.toThrow();
    expect(emailSmtpChannel.manifest.channel?.credentials.filter((field) => field.secret).map((field) => field.key)).toEqual(['password']);
  });

  it('sends the message as given, with a text part, its Message-ID, threading and one-click unsubscribe headers, passing the checkpoint before the server has it', async () => {
    const { result, marks } = await sendNoting(account);
    expect(result).toMatchObject({ response: expect.stringMatching(/^250 /), serverMessageId: null });
    expect(marks).toEqual([{ mark: 'transmitting', messagesAtServer: 0 }]);
    const [received] = sink.messages.splice(0);
    expect(received?.to).toEqual(['lin@prospect.test']);
    expect(received?.from).toBe('ada@acme.test');
    const wire = (name: string) => received!.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    expect(wire('message-id')).toBe('Message-ID: <step-2@acme.test>');
    expect(wire('in-reply-to')).toBe('In-Reply-To: <step-1@acme.test>');
    expect(wire('references')).toBe('References: <step-1@acme.test>');
    expect(wire('list-unsubscribe')).toBe(
      'List-Unsubscribe: <https://meetflow.test/api/unsubscribe/t1>, <mailto:ada@acme.test?subject=unsubscribe>',
    );
    expect(wire('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(received!.parsed.text).toBe(message().text);
    expect(received!.parsed.html).toBe(false);
  });

  it('adds the HTML alternative only when one is given', async () => {
    const html = '<p>Hi Lin,</p><img src="https://meetflow.test/api/o/t1" width="1" height="1" alt="">';
    await sendNoting(account, message({ html, messageId: '<html@acme.test>' }));
    const [received] = sink.messages.splice(0);
    expect(received!.parsed.text).toBe(message().text);
    expect(received!.parsed.html).toBe(html);
  });

  it('sends a meeting invitation as a text/calendar part with its method, and as invite.ics, only when one is given', async () => {
    const content = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:m1@acme.test',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    await sendNoting(account, message({ calendar: { method: 'REQUEST', content }, messageId: '<invite@acme.test>' }));
    const [received] = sink.messages.splice(0);
    expect(received!.raw.toString()).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const attachment = received!.parsed.attachments.find((part) => part.filename === 'invite.ics');
    expect(attachment?.content.toString()).toContain('UID:m1@acme.test');
    expect(received!.parsed.text).toBe(message().text);
    await sendNoting(account, message({ messageId: '<plain@acme.test>' }));
    expect(sink.messages.splice(0)[0]!.raw.toString()).not.toMatch(/text\/calendar/i);
  });

  it('fails with ChannelLoginRefused for a wrong password, before the checkpoint, saying only "authentication failed"', async () => {
    const { result, marks } = await sendNoting({ ...account, password: 'wrong' });
    expect(result).toBeInstanceOf(ApplicationFailure);
    expect(result).toMatchObject({ type: CHANNEL_FAILURES.loginRefused, message: 'authentication failed' });
    expect(marks).toEqual([]);
  });

  it('fails with ChannelNotSent when nothing listens, before the checkpoint, saying only "connection refused"', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const { result, marks } = await sendNoting({ ...account, port: closed.port });
    expect(result).toMatchObject({ type: CHANNEL_FAILURES.notSent, message: 'connection refused' });
    expect(marks).toEqual([]);
  });

  it('connects to the address the platform checked, the host naming the server', async () => {
    // No resolver knows this name: the send reaches the sink only through `address`.
    const { result } = await sendNoting(
      { ...account, host: 'smtp.meetflow.invalid', address: '127.0.0.1' },
      message({ messageId: '<pin@acme.test>' }),
    );
    expect(result).toMatchObject({ response: expect.stringMatching(/^250 /) });
    expect(sink.messages.splice(0)).toHaveLength(1);
  });

  it('fails with ChannelRefused and the response code when the server refuses the recipient for good', async () => {
    sink.rejectRecipients.add('gone@prospect.test');
    const { result, marks } = await sendNoting(account, message({ to: 'gone@prospect.test' }));
    expect(result).toMatchObject({ type: CHANNEL_FAILURES.refused, details: [{ responseCode: 550 }] });
    expect(marks.map((mark) => mark.mark)).toEqual(['transmitting']);
    expect(sink.messages).toEqual([]);
  });

  it('verifies an account: ok, or one classified reason, never what the server said nor the password', async () => {
    expect(await verify({ account })).toEqual({ ok: true });
    expect(await verify({ account: { ...account, password: 'not-the-password' } })).toEqual({ ok: false, error: 'authentication failed' });
    const closed = await startSmtpSink();
    await closed.close();
    expect(await verify({ account: { ...account, port: closed.port } })).toEqual({ ok: false, error: 'connection refused' });
    expect(await verify({ account: { ...account, host: 'smtp.meetflow.invalid' } })).toEqual({ ok: false, error: 'host not found' });
    expect(sink.messages).toEqual([]);
  });

  it('verifies: "TLS required" from a server that takes a login only after STARTTLS, when the account uses no TLS', async () => {
    // smtp-server's defaults: STARTTLS offered (its own test certificate), AUTH refused before it (538).
    const strict = new SMTPServer({ logger: false, onAuth: (_auth, _session, done) => done(null, { user: 'x' }) });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (strict.server.address() as AddressInfo).port;
      expect(await verify({ account: { ...account, port, tls: 'none' } })).toEqual({ ok: false, error: 'TLS required' });
    } finally {
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });

  it('verifies: "TLS failed" when the account wants TLS a plain server cannot give', async () => {
    expect(await verify({ account: { ...account, tls: 'tls' } })).toEqual({ ok: false, error: 'TLS failed' });
    expect(await verify({ account: { ...account, tls: 'starttls' } })).toEqual({ ok: false, error: 'TLS failed' });
  });

  it('verifies: "timed out" when a server takes the connection and never answers', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const quick = bindActivities(emailSmtpChannel, testDeps(emailSmtpChannel, { config: { verifyTimeoutSeconds: 1 } }), context);
      const port = (silent.address() as AddressInfo).port;
      expect(await quick['channel-email-smtp.verify']!({ account: { ...account, port } })).toEqual({ ok: false, error: 'timed out' });
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
