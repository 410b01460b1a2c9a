import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { roleAtLeast, roleLabel, useCurrentMembership } from '../../auth/index.ts';
import { CrmSection, crmQueryOptions } from '../../crm/index.ts';
import { useToast } from '../../../lib/toast.ts';
import { calendarsQueryOptions } from '../api/calendars-api.ts';
import { oauthOutcome } from '../utils/calendar-form.ts';
import { CalendarCard } from './calendar-card.tsx';
import { ConnectCalendarForm } from './connect-calendar-form.tsx';

/**
 * /settings/integrations: what the workspace is connected to. Calendars for now (a section per kind
 * of integration, shown once it exists); every member sees them, admins and owners connect them.
 */
export function IntegrationsPage() {
  const membership = useCurrentMembership();
  const role = membership?.role ?? null;
  const manage = role !== null && roleAtLeast(role, 'admin');
  const calendars = useQuery(calendarsQueryOptions());
  const connected = calendars.data?.calendars[0];
  // Typed in a form (CalDAV) or through the provider's sign-in (Google, Microsoft: Connect with …).
  const providers = calendars.data?.providers ?? [];
  // Back from the provider's sign-in (the API's OAuth callback sends the browser here): say how it went, once.
  const [search, setSearch] = useSearchParams();
  const toast = useToast();
  const crm = useQuery(crmQueryOptions());
  useEffect(() => {
    // Both lists first: the callback may name a calendar or a CRM (a failed CRM list still lets the toast say its words).
    if (!calendars.data || crm.isPending) return;
    const outcome = oauthOutcome(search, [
      ...calendars.data.providers.map((provider) => ({ ...provider, kind: 'calendar' as const })),
      ...(crm.data?.providers ?? []).map((provider) => ({ ...provider, kind: 'crm' as const })),
    ]);
    if (!outcome) return;
    toast(outcome);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('oauth_error');
        return next;
      },
      { replace: true },
    );
  }, [calendars.data, crm.data, crm.isPending, search, setSearch, toast]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Integrations" subtitle={`The tools Meetflow works with in ${membership?.name ?? 'this workspace'}.`} />
      <section aria-labelledby="calendars-title" className="flex flex-col gap-3">
        <h2 id="calendars-title" className="text-lg font-semibold">
          Calendars
        </h2>
        <p className="max-w-3xl text-sm text-base-content/70">
          One calendar per workspace, the rep’s whose meetings these are: the slots Meetflow offers avoid its busy times, each booked
          meeting is put in it with the prospect invited, and a meeting cancelled or moved there follows here.
        </p>
        {calendars.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading calendars" />
        ) : calendars.isError ? (
          <ErrorAlert message={calendars.error.message} />
        ) : connected ? (
          <CalendarCard
            calendar={connected}
            provider={calendars.data.providers.find((p) => p.pluginId === connected.pluginId)}
            manage={manage}
          />
        ) : providers.length === 0 ? (
          <p className="text-sm">No calendar plugin is installed on this server.</p>
        ) : manage ? (
          <ConnectCalendarForm providers={providers} />
        ) : (
          <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center" data-testid="calendars-empty">
            <p className="font-medium">No calendar connected</p>
            <p className="text-sm text-base-content/70">
              Admins and owners connect one; your role here is {role ? roleLabel(role) : 'not known'}.
            </p>
          </div>
        )}
        {connected && !manage && role && (
          <p className="text-sm text-base-content/70">
            Only admins and owners test and disconnect it; your role here is {roleLabel(role)}.
          </p>
        )}
      </section>
      <CrmSection manage={manage} />
    </div>
  );
}
