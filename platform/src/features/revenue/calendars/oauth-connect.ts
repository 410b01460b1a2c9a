import { randomBytes } from 'node:crypto';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Connection } from 'mongoose';
import { ConflictError } from '../../../core/errors.ts';
import { registerOAuthHandler, type OAuthConnected } from '../oauth/registry.ts';
import { calendarProblem, connectedAccount, openCalendar, requireBox, viewOf, type CalendarDeps } from './calendars.ts';
import { sealCalendarSecret } from './account-secret.ts';
import type { CalendarAccount } from './model.ts';
import { startWatching } from './notifications.ts';
import { startReadBack, type CalendarRouteDeps } from './run.ts';

const CONNECTED_ALREADY = 'This workspace has a calendar connected already: disconnect it first.';

/**
 * Stores a calendar connected through its provider's sign-in: the tokens sealed bound to the new
 * account (as the CalDAV password is), `auth: 'oauth'`, no typed fields (the plugin's other account
 * fields take their defaults: Google's primary calendar, Microsoft's default one). Its free/busy for
 * the next hour is read first, through the account, so a grant that does not reach the calendar is
 * refused now and nothing is stored; tokens refreshed on the way are sealed in place (openCalendar).
 *
 * The provider's account address is not stored: neither plugin offers a userinfo call, and their
 * scopes ask for no id token (no `openid`/`email`), so the token response names nobody; the screen
 * names the provider and when it was connected.
 */
async function storeOAuthCalendar(deps: CalendarDeps, grant: OAuthConnected) {
  const box = requireBox(deps.secrets);
  const { workspaceId } = grant;
  if (await connectedAccount(deps.db, workspaceId)) throw new ConflictError(CONNECTED_ALREADY);
  const publicId = randomBytes(8).toString('hex');
  const now = new Date();
  const account: CalendarAccount = {
    workspaceId,
    publicId,
    pluginId: grant.plugin.pluginId,
    auth: 'oauth',
    fields: {},
    secret: sealCalendarSecret(box, { workspaceId, publicId }, { [grant.plugin.definition.tokensField]: grant.tokens }),
    lastCheck: { at: now, ok: true, error: null },
    sync: { token: null, at: null, error: null },
    connectedBy: grant.principalId,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.db.calendarAccounts.create(account);
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(CONNECTED_ALREADY);
    throw error;
  }
  try {
    const opened = await openCalendar(deps, account);
    await opened.call('freeBusy', { range: { from: now.toISOString(), to: new Date(now.getTime() + 3_600_000).toISOString() } });
  } catch (error) {
    await deps.db.calendarAccounts.deleteOne({ workspaceId, publicId });
    const problem = calendarProblem(error);
    if (!problem) throw error;
    throw new ConflictError(
      `${grant.plugin.displayName} was signed in to, but ${problem.message[0]!.toLowerCase()}${problem.message.slice(1)} Nothing was connected.`,
    );
  }
  return { view: viewOf(account, deps.host), account };
}

/** Registers what the calendars do with OAuth on this app's connection: refuse a second calendar early, store a granted one and start its read-back. */
export function registerCalendarOAuth(connection: Connection, deps: CalendarRouteDeps): void {
  registerOAuthHandler(connection, 'calendar', {
    async beforeStart(workspaceId) {
      requireBox(deps.secrets);
      if (await connectedAccount(deps.db, workspaceId)) throw new ConflictError(CONNECTED_ALREADY);
    },
    async connected(grant) {
      const { view, account } = await storeOAuthCalendar(deps, grant);
      // Change notifications where this server has an https address (else, and when the provider refuses, polling alone).
      // Read again: the check above may have sealed refreshed tokens in place of the granted ones.
      const watched = await startWatching(deps, (await connectedAccount(deps.db, grant.workspaceId)) ?? account, deps.publicUrl);
      if (watched.error)
        deps.logger?.warn(
          { workspaceId: grant.workspaceId, pluginId: account.pluginId, error: watched.error },
          'calendar notifications not opened: polling only',
        );
      await startReadBack(deps.workflows, grant.workspaceId, view.provider);
      return { label: view.provider };
    },
  });
}
