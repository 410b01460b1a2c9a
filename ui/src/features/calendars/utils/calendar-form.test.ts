import { describe, expect, it } from 'vitest';
import { emptyAccount, fieldErrors, inputTypeOf, oauthButtonLabel, oauthOutcome } from './calendar-form.ts';

describe('the calendar connect form', () => {
  const provider = {
    pluginId: 'calendar-caldav',
    displayName: 'CalDAV',
    credentialsTest: '',
    connect: 'fields' as const,
    oauth: null,
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

  it('names the OAuth button by the provider, and reads what the OAuth callback said', () => {
    expect([oauthButtonLabel('Google Calendar'), oauthButtonLabel('Microsoft 365 (Outlook)')]).toEqual([
      'Connect with Google',
      'Connect with Microsoft',
    ]);
    const providers = [
      { pluginId: 'calendar-google', displayName: 'Google Calendar', kind: 'calendar' as const },
      { pluginId: 'crm-salesforce', displayName: 'Salesforce', kind: 'crm' as const },
    ];
    expect(oauthOutcome(new URLSearchParams('connected=calendar-google'), providers)).toEqual({
      title: 'Google Calendar connected',
      description: 'Google Calendar is connected: the slots Meetflow offers now avoid its busy times.',
      tone: 'success',
    });
    expect(oauthOutcome(new URLSearchParams('connected=crm-salesforce'), providers)).toEqual({
      title: 'Salesforce connected',
      description:
        'Salesforce is connected: Meetflow syncs prospects, emails and meetings to it, and discovery leaves out its customers and open deals.',
      tone: 'success',
    });
    expect(oauthOutcome(new URLSearchParams('connected=crm-unknown'), providers)).toMatchObject({ title: 'Connected', tone: 'success' });
    expect(oauthOutcome(new URLSearchParams('oauth_error=This+sign-in+expired.'), providers)).toEqual({
      title: 'Not connected',
      description: 'This sign-in expired.',
      tone: 'error',
    });
    expect(oauthOutcome(new URLSearchParams(''), providers)).toBeNull();
  });
});
