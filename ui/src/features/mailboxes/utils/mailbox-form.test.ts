import { describe, expect, it } from 'vitest';
import type { Mailbox } from '../api/mailboxes-api.ts';
import { changeField, emptyMailboxForm, formOf, numberErrors, placeApiErrors, toNewMailbox, toPatch } from './mailbox-form.ts';

const stored: Mailbox = {
  id: '0123456789abcdef',
  fromName: 'Ada Lane',
  fromAddress: 'ada@acme.example',
  signature: 'Ada',
  smtp: { host: 'smtp.acme.example', port: 587, tls: 'starttls', user: 'ada@acme.example' },
  passwordSet: true,
  status: 'active',
  pausedReason: null,
  dailyCap: 30,
  lastTest: null,
  createdAt: '2025-03-12T09:00:00.000Z',
  updatedAt: '2025-03-12T09:00:00.000Z',
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
});
