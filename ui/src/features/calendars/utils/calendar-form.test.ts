import { describe, expect, it } from 'vitest';
import { emptyAccount, fieldErrors, inputTypeOf } from './calendar-form.ts';

describe('the calendar connect form', () => {
  const provider = {
    pluginId: 'calendar-caldav',
    displayName: 'CalDAV',
    credentialsTest: '',
    connect: 'fields' as const,
    fields: [
      { key: 'serverUrl', label: 'Server', secret: false },
      { key: 'username', label: 'Username', secret: false },
      { key: 'password', label: 'Password', secret: true },
    ],
  };

  it('starts with every field the provider declares, blank, each in its kind of input', () => {
    expect(emptyAccount(provider)).toEqual({ serverUrl: '', username: '', password: '' });
    expect(provider.fields.map(inputTypeOf)).toEqual(['url', 'text', 'password']);
  });

  it("puts the API's field errors beside their fields, and the rest above the form", () => {
    expect(fieldErrors({ 'account.serverUrl': 'Invalid URL', 'account.password': 'Required', pluginId: 'not installed' })).toEqual({
      serverUrl: 'Invalid URL',
      password: 'Required',
      '': 'not installed',
    });
  });
});
