import { describe, expect, it } from 'vitest';
import type { Mailbox } from '../api/mailboxes-api.ts';
import {
  changeField,
  emptyMailboxForm,
  formOf,
  numberErrors,
  passwordRequired,
  placeApiErrors,
  toNewMailbox,
  toPatch,
  withoutImapErrors,
} from './mailbox-form.ts';

const stored: Mailbox = {
  id: '0123456789abcdef',
  fromName: 'Ada Lane',
  fromAddress: 'ada@acme.example',
  signature: 'Ada',
  smtp: { host: 'smtp.acme.example', port: 587, tls: 'starttls', user: 'ada@acme.example' },
  imap: null,
  inbox: null,
  passwordSet: true,
  status: 'active',
  pausedReason: null,
  dailyCap: 30,
  lastTest: null,
  createdAt: '2025-03-12T09:00:00.000Z',
  updatedAt: '2025-03-12T09:00:00.000Z',
  sentToday: 0,
  capToday: 5,
  bounceRate: null,
};

describe('the mailbox form', () => {
  it('starts on STARTTLS, port 587, a cap of 30', () => {
    expect(emptyMailboxForm()).toMatchObject({ tls: 'starttls', port: '587', dailyCap: '30', password: '' });
  });

  it('moves the port with the TLS mode, unless a port was typed by hand', () => {
    const tls = changeField(emptyMailboxForm(), 'tls', 'tls');
    expect(tls.port).toBe('465');
    expect(changeField(tls, 'tls', 'none').port).toBe('25');
    const custom = changeField(tls, 'port', '2525');
    expect(changeField(custom, 'tls', 'starttls').port).toBe('2525');
  });

  it('fills the login with the from address until the user types another', () => {
    let form = changeField(emptyMailboxForm(), 'fromAddress', 'ada@acme.example');
    expect(form.user).toBe('ada@acme.example');
    form = changeField(form, 'user', 'smtp-login');
    expect(changeField(form, 'fromAddress', 'bo@acme.example').user).toBe('smtp-login');
  });

  it('refuses a blank or out-of-range port or cap before sending', () => {
    expect(numberErrors({ ...emptyMailboxForm(), port: '', dailyCap: '0' })).toEqual({
      port: expect.stringMatching(/1 to 65535/),
      dailyCap: expect.stringMatching(/1 to 10,000/),
    });
    expect(numberErrors(emptyMailboxForm())).toEqual({});
  });

  it('sends numbers as numbers, and the from address as login when none was typed', () => {
    const form = { ...emptyMailboxForm(), fromName: ' Ada ', fromAddress: 'ada@acme.example', host: 'smtp.acme.example', password: 'pw' };
    expect(toNewMailbox(form)).toEqual({
      fromName: 'Ada',
      fromAddress: 'ada@acme.example',
      signature: '',
      smtp: { host: 'smtp.acme.example', port: 587, tls: 'starttls', user: 'ada@acme.example' },
      password: 'pw',
      dailyCap: 30,
    });
  });

  it('patches only what changed, and the password only when one was typed', () => {
    expect(toPatch(formOf(stored), stored)).toEqual({});
    expect(toPatch({ ...formOf(stored), fromAddress: 'ADA@acme.example' }, stored)).toEqual({});
    expect(toPatch({ ...formOf(stored), port: '2525', password: 'new one', dailyCap: '40' }, stored)).toEqual({
      smtp: { port: 2525 },
      password: 'new one',
      dailyCap: 40,
    });
  });

  it("places the API's field paths on the form's fields", () => {
    expect(
      placeApiErrors({ 'smtp.host': 'must be a host name or an IP address', fromAddress: 'must be an email address', x: 'odd' }),
    ).toEqual({
      errors: { host: 'Must be a host name or an IP address', fromAddress: 'Must be an email address' },
      unplaced: ['x: odd'],
    });
  });

  it('reads replies over IMAP only when turned on: off by default, SSL/TLS on 993 ready, the host guessed from the SMTP one', () => {
    const form = { ...emptyMailboxForm(), host: 'smtp.acme.example' };
    expect(form).toMatchObject({ imapOn: false, imapTls: 'tls', imapPort: '993' });
    const on = changeField(form, 'imapOn', true);
    expect(on.imapHost).toBe('imap.acme.example');
    expect(changeField({ ...form, host: 'mail.acme.example' }, 'imapOn', true).imapHost).toBe('mail.acme.example');
    expect(changeField({ ...on, imapHost: 'in.acme.example', imapOn: false }, 'imapOn', true).imapHost).toBe('in.acme.example');
  });

  it('moves the IMAP port with its TLS mode (993, 143, 143), unless a port was typed by hand', () => {
    const on = changeField(emptyMailboxForm(), 'imapOn', true);
    const starttls = changeField(on, 'imapTls', 'starttls');
    expect(starttls.imapPort).toBe('143');
    expect(changeField(starttls, 'imapTls', 'none').imapPort).toBe('143');
    expect(changeField(starttls, 'imapTls', 'tls').imapPort).toBe('993');
    expect(changeField(changeField(on, 'imapPort', '1143'), 'imapTls', 'starttls').imapPort).toBe('1143');
    // The SMTP port is not moved by the IMAP mode, nor the other way round.
    expect(changeField(on, 'imapTls', 'none').port).toBe('587');
    expect(changeField(on, 'tls', 'tls').imapPort).toBe('993');
  });

  it('judges the IMAP port only when IMAP is on', () => {
    expect(numberErrors({ ...emptyMailboxForm(), imapPort: '' })).toEqual({});
    expect(numberErrors({ ...emptyMailboxForm(), imapOn: true, imapPort: '70000' })).toEqual({
      imapPort: expect.stringMatching(/1 to 65535/),
    });
  });

  it('sends the IMAP settings when on, and leaves them out when off', () => {
    const form = { ...emptyMailboxForm(), fromAddress: 'ada@acme.example', host: 'smtp.acme.example', password: 'pw' };
    expect(toNewMailbox(form)).not.toHaveProperty('imap');
    const on = { ...changeField(form, 'imapOn', true), imapHost: ' imap.acme.example ' };
    expect(toNewMailbox(on).imap).toEqual({ host: 'imap.acme.example', port: 993, tls: 'tls' });
  });

  it('edits IMAP settings whole, and turning them off sends null', () => {
    const withImap: Mailbox = {
      ...stored,
      imap: { host: 'imap.acme.example', port: 993, tls: 'tls' },
      inbox: { lastCheckAt: null, lastError: null, received: 0 },
    };
    expect(formOf(withImap)).toMatchObject({ imapOn: true, imapHost: 'imap.acme.example', imapPort: '993', imapTls: 'tls' });
    expect(toPatch(formOf(withImap), withImap)).toEqual({});
    expect(toPatch({ ...formOf(withImap), imapPort: '1993' }, withImap)).toEqual({
      imap: { host: 'imap.acme.example', port: 1993, tls: 'tls' },
    });
    expect(toPatch({ ...formOf(withImap), imapOn: false }, withImap)).toEqual({ imap: null });
    expect(toPatch(formOf(stored), stored)).not.toHaveProperty('imap');
    expect(toPatch({ ...formOf(stored), imapOn: true, imapHost: 'imap.acme.example' }, stored)).toEqual({
      imap: { host: 'imap.acme.example', port: 993, tls: 'tls' },
    });
  });

  it('asks for the password again when the server or login changes (SMTP host, port or user; IMAP host or port) or TLS weakens, not otherwise', () => {
    const withImap: Mailbox = { ...stored, imap: { host: 'imap.acme.example', port: 993, tls: 'tls' } };
    const form = formOf(withImap);
    expect(passwordRequired(form, withImap)).toBe(false);
    for (const change of [
      { host: 'smtp.other.example' },
      { port: '465' },
      { user: 'bo@acme.example' },
      { imapHost: 'imap.other.example' },
      { imapPort: '143' },
      { tls: 'none' as const },
      { imapTls: 'starttls' as const },
    ])
      expect(passwordRequired({ ...form, ...change }, withImap), JSON.stringify(change)).toBe(true);
    for (const change of [{ host: 'SMTP.acme.example' }, { tls: 'tls' as const }, { imapOn: false }, { fromName: 'Ada L.' }])
      expect(passwordRequired({ ...form, ...change }, withImap), JSON.stringify(change)).toBe(false);
    expect(passwordRequired({ ...formOf(stored), imapOn: true, imapHost: 'smtp.acme.example' }, stored)).toBe(true);
  });

  it("places the API's IMAP field paths on the IMAP fields, and drops them once IMAP is off", () => {
    const placed = placeApiErrors({ 'imap.host': 'must be a host name or an IP address', 'imap.port': 'too big' });
    expect(placed).toEqual({ errors: { imapHost: 'Must be a host name or an IP address', imapPort: 'Too big' }, unplaced: [] });
    expect(withoutImapErrors({ ...placed.errors, host: 'Must not be blank' })).toEqual({ host: 'Must not be blank' });
  });
});
