import { z } from 'zod';
import { ServiceUnavailableError } from '../../../core/errors.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { principalOf, workspaceOf, WorkspaceQuery } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import {
  CalendarList,
  CalendarParams,
  CalendarTestResult,
  CalendarView,
  ConnectCalendarBody,
  DisconnectedCalendar,
  NotificationAccepted,
  NotificationParams,
  NotificationQuery,
} from './api-schemas.ts';
import { connectCalendar, disconnectCalendar, listCalendars, testCalendar, type CalendarDeps } from './calendars.ts';
import { receiveNotification } from './notifications.ts';
import { signalCalendarChanged, startReadBack, type CalendarRouteDeps } from './run.ts';

const tags = ['calendars'];
const notFound = { description: 'No such calendar in the workspace' };
const noKey = { description: 'Calendars cannot be connected or used: MEETFLOW_SECRETS_KEY is not set (production)' };

/**
 * /api/calendars: the workspace's connected calendar (one; the rep's whose calendar its meetings go
 * in). Admins and owners connect, test and disconnect it; every member sees it; never its secret.
 */
export const calendarsRoutes = [
  route<CalendarDeps>(
    {
      method: 'get',
      path: '/api/calendars',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary: "The workspace's connected calendar (never its password, only secretSet) and the calendar plugins it can be connected with",
      responses: {
        200: { description: 'The calendar and the providers', schema: CalendarList },
        400: { description: 'Invalid workspace slug' },
      },
    },
    (deps) => async (ctx) => {
      ctx.body = await listCalendars(deps, workspaceOf(ctx));
    },
  ),
  route<CalendarRouteDeps>(
    {
      method: 'post',
      path: '/api/calendars',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      body: ConnectCalendarBody,
      summary:
        "Connect the workspace's calendar: the plugin's fields are checked, then its free/busy for the next hour is read with them; only then is it stored, its secret sealed",
      responses: {
        201: {
          description: 'The connected calendar (without its secret); its read-back (workflow calendar-sync:<workspace>) has been started',
          schema: CalendarView,
        },
        400: {
          description:
            "A field the plugin does not have or refuses, named (account.<field>); or a server URL that is, or resolves to, a private, loopback or link-local address ('address not allowed')",
        },
        409: { description: 'The workspace has a calendar connected already: disconnect it first' },
        422: {
          description:
            'Not an installed calendar plugin; or the calendar refused the login or the request (in plain words): nothing is stored',
        },
        503: {
          description: `The calendar server did not answer (nothing is stored; try again later); or ${noKey.description.toLowerCase()}; or the calendar is connected but its read-back could not be started (it starts with the server's next start)`,
        },
      },
    },
    (deps) => async (ctx) => {
      const body = ConnectCalendarBody.parse(ctx.request.body ?? {});
      const workspaceId = workspaceOf(ctx);
      const created = await connectCalendar(deps, workspaceId, body, principalOf(ctx).id);
      auditChange(ctx, { before: null, after: created });
      await startReadBack(deps.workflows, workspaceId, created.provider);
      ctx.status = 201;
      ctx.body = created;
    },
  ),
  route<CalendarDeps>(
    {
      method: 'post',
      path: '/api/calendars/{id}/test',
      access: 'admin',
      tags,
      params: CalendarParams,
      query: WorkspaceQuery,
      summary: "Test: read the calendar's free/busy for the next hour with the stored account; recorded as lastCheck",
      responses: {
        200: { description: 'ok, or why not in plain words (a refusal is an answer, not an error)', schema: CalendarTestResult },
        400: { description: 'Not a calendar id' },
        404: notFound,
        409: {
          description:
            "The stored secret cannot be opened (another MEETFLOW_SECRETS_KEY), or the server's address is no longer allowed: connect it again",
        },
        503: { description: `${noKey.description}; or its calendar plugin is no longer installed` },
      },
    },
    (deps) => async (ctx) => {
      const { id } = CalendarParams.parse(ctx.params);
      ctx.body = await testCalendar(deps, workspaceOf(ctx), id);
    },
  ),
  route<CalendarDeps>(
    {
      method: 'delete',
      path: '/api/calendars/{id}',
      access: 'admin',
      tags,
      params: CalendarParams,
      query: WorkspaceQuery,
      summary:
        "Disconnect the calendar: an OAuth calendar's access is revoked at the provider (best effort), then its account and sealed secret are deleted (the events already in it stay there)",
      responses: {
        200: {
          description: 'Disconnected (and, for an OAuth calendar, whether the provider revoked the access)',
          schema: DisconnectedCalendar,
        },
        400: { description: 'Not a calendar id' },
        404: notFound,
      },
    },
    (deps) => async (ctx) => {
      const { id } = CalendarParams.parse(ctx.params);
      const { view, revocation } = await disconnectCalendar(deps, workspaceOf(ctx), id);
      auditChange(ctx, { before: view, after: null });
      ctx.body = { removed: true, ...(revocation ?? {}) };
    },
  ),
];

/**
 * The providers' change notifications (public by design: Google and Graph call with no session; the
 * channel's token the platform chose is the only credential, and the workspace is the account's
 * holding the channel). A notification only makes the workspace's read-back read now.
 */
export const calendarNotificationRoutes = [
  route<CalendarRouteDeps>(
    {
      method: 'post',
      path: '/api/calendars/notifications/{provider}',
      access: 'public',
      tags,
      params: NotificationParams,
      query: NotificationQuery,
      summary:
        "A calendar provider's change notification (public: Google and Microsoft Graph call it with no session; the random token Meetflow gave the channel — Google's X-Goog-Channel-Token, Graph's clientState — is the only credential, compared with its stored hash, and the workspace is the account's holding the channel): the workspace's calendar read-back reads the changes now. Graph's validation handshake (?validationToken=) is answered as it came, text/plain",
      responses: {
        200: {
          description: "Graph's validation handshake: the validationToken, as text/plain",
          schema: z.string(),
          contentType: 'text/plain',
        },
        202: { description: 'Taken: the read-back of the calendar holding the channel reads now', schema: NotificationAccepted },
        400: { description: "Not the provider's notification (no channel id; not Graph's JSON): nothing changes; logged" },
        401: { description: 'A token that is not the channel’s, or none: nothing changes; logged' },
        404: { description: 'No calendar holds the channel (or the provider has no notifications): nothing changes; logged' },
        503: { description: 'The read-back could not be told (the workflow service did not answer): the provider tries again' },
      },
    },
    (deps) => async (ctx) => {
      const { provider } = NotificationParams.parse(ctx.params);
      const query = NotificationQuery.parse(ctx.query);
      const body = (ctx.request as { body?: unknown }).body;
      const headers = Object.fromEntries(
        Object.entries(ctx.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name.toLowerCase(), value]] : [])),
      );
      const outcome = await receiveNotification(
        deps,
        provider,
        {
          headers,
          query: query.validationToken === undefined ? {} : { validationToken: query.validationToken },
          body: body && typeof body === 'object' ? body : null,
        },
        (refusal) => deps.logger?.warn(refusal, 'calendar notification refused'),
      );
      if (outcome.kind === 'handshake') {
        ctx.status = 200;
        ctx.type = 'text/plain';
        ctx.body = outcome.answer;
        return;
      }
      try {
        for (const workspaceId of outcome.workspaces) await signalCalendarChanged(deps.workflows, workspaceId);
      } catch {
        throw new ServiceUnavailableError('The calendar read-back could not be told (the workflow service did not answer).');
      }
      ctx.status = 202;
      ctx.body = { accepted: true, workspaces: outcome.workspaces.length };
    },
  ),
];

export const calendarsRouter = (deps: CalendarRouteDeps) => routerOf([...calendarsRoutes, ...calendarNotificationRoutes], deps);
