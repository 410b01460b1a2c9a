import type { Context } from 'koa';
import { z } from 'zod';
import type { Principal } from '../../../core/access.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { principalOf, workspaceOf } from '../../../core/http/workspace.ts';
import { OAuthCallbackQuery, OAuthStartAnswer, OAuthStartBody, OAuthStartParams, OAuthStartQuery } from './api-schemas.ts';
import { finishOAuth, outcomeUrl, startOAuth, type OAuthFlowDeps } from './flow.ts';

const tags = ['oauth'];

/** The principal of a request on a public route (its session cookie), or null when there is none or it is not valid. */
async function principalIfAny(ctx: Context): Promise<Principal | null> {
  const find = ctx.state.principal as (() => Promise<Principal | null>) | undefined;
  try {
    return (await find?.()) ?? null;
  } catch {
    return null; // a credential presented but no longer valid: the same as none here
  }
}

/**
 * /api/oauth: connecting an account through its provider's sign-in (OAuth 2.0, authorization code
 * with PKCE), for every plugin kind that declares `oauth` and registers a handler (calendars, CRMs).
 * Admins and owners start it; the callback is finished only by whoever started it, in the workspace
 * the state was made for.
 */
export const oauthRoutes = [
  route<OAuthFlowDeps>(
    {
      method: 'post',
      path: '/api/oauth/{pluginId}/start',
      access: 'admin',
      tags,
      params: OAuthStartParams,
      query: OAuthStartQuery,
      body: OAuthStartBody,
      summary:
        "Start connecting an account with the provider's sign-in: answers the authorization URL (state bound to this workspace and caller, PKCE, 10 minutes, with the settings typed first)",
      responses: {
        200: { description: "The provider's sign-in page to send the browser to", schema: OAuthStartAnswer },
        400: { description: 'Not a plugin id; or settings typed first that are missing, wrong or not taken (each named)' },
        409: { description: 'The workspace has an account of this kind connected already (a calendar, a CRM): disconnect it first' },
        422: {
          description:
            "The plugin is not installed or does not connect with OAuth; or this server's OAuth client for it is not set up (the answer names the environment variables to set)",
        },
        503: { description: 'Accounts cannot be stored: MEETFLOW_SECRETS_KEY is not set (production)' },
      },
    },
    (deps) => async (ctx) => {
      const { pluginId } = OAuthStartParams.parse(ctx.params);
      const { account } = OAuthStartBody.parse(ctx.request.body ?? {});
      ctx.body = await startOAuth(deps, {
        workspaceId: workspaceOf(ctx),
        principalId: principalOf(ctx).id,
        pluginId,
        ...(account ? { given: account } : {}),
      });
    },
  ),
  route<OAuthFlowDeps>(
    {
      method: 'get',
      path: '/api/oauth/callback',
      access: 'public',
      perClientPerMinute: 20, // each exchanges a code with the provider; a person signs in once
      tags,
      query: OAuthCallbackQuery,
      summary:
        'Where the provider sends the browser back: the state decides the workspace, the member and the plugin (used once; only the member who started it, in their session); redirects to the Integrations page with what was connected or why not',
      responses: {
        302: {
          description:
            'To /settings/integrations?connected=<pluginId>, or ?oauth_error=<why, in plain words> (an unknown, used or expired state, another member or session, access denied, a refused code)',
          schema: z.string(),
          contentType: 'text/plain',
        },
      },
    },
    (deps) => async (ctx) => {
      const query = OAuthCallbackQuery.parse(ctx.query);
      const outcome = await finishOAuth(deps, await principalIfAny(ctx), query);
      const target = outcomeUrl(outcome);
      ctx.set('cache-control', 'no-store');
      ctx.set('referrer-policy', 'no-referrer');
      ctx.redirect(target);
      ctx.type = 'text/plain';
      ctx.body = `Redirecting to ${target}`;
    },
  ),
];

export const oauthRouter = (deps: OAuthFlowDeps) => routerOf(oauthRoutes, deps);
