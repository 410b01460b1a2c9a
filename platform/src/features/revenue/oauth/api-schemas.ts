import { z } from 'zod';
import { WorkspaceQuery } from '../../../core/http/workspace.ts';

/** The plugin an account is connected with, in the path. */
export const OAuthStartParams = z.object({
  pluginId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'not a plugin id')
    .meta({ description: 'An installed plugin whose manifest declares oauth (GET /api/calendars lists the calendars; connect: oauth)' }),
});

/** POST /api/oauth/{pluginId}/start. */
export const OAuthStartAnswer = z.object({
  authorizationUrl: z
    .url()
    .meta({ description: "The provider's sign-in page to send the browser to (carries the state and the PKCE challenge)" }),
  expiresAt: z.iso.datetime().meta({ description: 'The sign-in must come back before this (10 minutes)' }),
});

export const OAuthStartQuery = WorkspaceQuery;

/** POST /api/oauth/{pluginId}/start's optional body: the settings a sign-in does not give, typed first. */
export const OAuthStartBody = z
  .object({
    account: z.record(z.string().max(100), z.string().max(2000)).optional().meta({
      description:
        "Settings of the account that the provider's sign-in does not answer, typed before it (a CRM with a form: its fields that are not secret, e.g. Pipedrive's company address and two field keys); kept with the state, never secrets",
    }),
  })
  .meta({ description: 'Leave out (or send {}) for a provider whose sign-in fills the whole account' });

const providerText = (description: string) => z.string().max(2000).optional().meta({ description });

/**
 * GET /api/oauth/callback: what the provider sends the browser back with (RFC 6749 §4.1.2), and
 * the other parameters Google and Microsoft add, which are accepted and ignored. The workspace is
 * never among them: the state record decides it.
 */
export const OAuthCallbackQuery = z.object({
  code: z.string().max(4096).optional().meta({ description: 'The authorization code' }),
  state: z.string().max(200).optional().meta({ description: 'The state POST /api/oauth/{pluginId}/start made (one use, 10 minutes)' }),
  error: z.string().max(200).optional().meta({ description: 'The provider refused: access_denied when the user cancelled' }),
  error_description: providerText("The provider's words (not shown: the page says what happened itself)"),
  error_uri: providerText('Ignored'),
  error_subcode: providerText('Ignored (Microsoft)'),
  scope: providerText('The scopes granted (Google); ignored'),
  authuser: providerText('Ignored (Google)'),
  prompt: providerText('Ignored (Google)'),
  hd: providerText('Ignored (Google)'),
  iss: providerText('The issuer (RFC 9207); ignored'),
  session_state: providerText('Ignored (Microsoft)'),
  admin_consent: providerText('Ignored (Microsoft)'),
});
