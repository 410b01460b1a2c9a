import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { formatNumber } from '../../../utils/format.ts';
import { useToast } from '../../../lib/toast.ts';
import { useDiscoverProspects } from '../api/discover-prospects.ts';
import type { DiscoverProspectsResponse, DiscoverySourceId, IcpCriteria } from '../api/types.ts';
import { EMPTY_CRITERIA_FORM, criteriaOf, formOf, lacksRequired, type CriteriaForm as CriteriaFormValues } from '../utils/criteria.ts';
import { useDataSources } from '../api/data-sources.ts';
import { defaultSources, toggleSource } from '../utils/sources.ts';
import { CriteriaForm } from './criteria-form.tsx';
import { DiscoveryPlaceholder } from './discovery-placeholder.tsx';
import { DiscoveryResults } from './discovery-results.tsx';

/** The last answer shown, with what it was asked (the summary counts the sources; "include below the floor" asks again). */
interface ShownResult {
  response: DiscoverProspectsResponse;
  sourcesUsed: DiscoverySourceId[];
  icpCriteria: IcpCriteria;
}

/**
 * The discovery screen's body: the criteria form on the left, the results (or the placeholder)
 * on the right. Toasts follow spec section 8; a failure also stays on screen as `STATUS: body`
 * (or the API's `error`), above the previous results, which remain until a discovery succeeds.
 */
export function ProspectDiscovery({ initialCriteria }: { initialCriteria: IcpCriteria | null }) {
  const toast = useToast();
  const discovery = useDiscoverProspects();
  const [form, setForm] = useState<CriteriaFormValues>(() => (initialCriteria ? formOf(initialCriteria) : EMPTY_CRITERIA_FORM));
  const list = useDataSources().data ?? [];
  // Untouched, the checklist shows the default (LinkedIn) once the installed sources are known.
  const [picked, setPicked] = useState<DiscoverySourceId[] | null>(null);
  const sources = picked ?? defaultSources(list);
  const [shown, setShown] = useState<ShownResult | null>(null);

  const discover = () => {
    const icpCriteria = criteriaOf(form);
    if (lacksRequired(icpCriteria)) {
      toast({
        title: 'Missing Information',
        description: 'Please provide at least industry and job titles for prospect discovery',
        tone: 'error',
      });
      return;
    }
    run(icpCriteria, sources, false);
  };

  const run = (icpCriteria: IcpCriteria, asked: DiscoverySourceId[], includeBelowFloor: boolean) =>
    discovery.mutate(
      { icpCriteria, sources: asked, includeBelowFloor },
      {
        onSuccess: (response) => {
          setShown({ response, sourcesUsed: asked, icpCriteria });
          toast({
            title: 'Discovery Complete',
            description: `Found ${formatNumber(response.totalFound)} qualified prospects`,
            tone: 'success',
          });
        },
        // The spec's words (section 8); the API's own reason stays on the page as `STATUS: body`.
        onError: () => toast({ title: 'Discovery Failed', description: 'Unable to discover prospects. Please try again.', tone: 'error' }),
      },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(18rem,1fr)_2fr]">
      <CriteriaForm
        form={form}
        onChange={(name, value) => setForm((current) => ({ ...current, [name]: value }))}
        sources={sources}
        onToggleSource={(id) => setPicked(toggleSource(list, sources, id))}
        onDiscover={discover}
        discovering={discovery.isPending}
        prefilled={initialCriteria !== null}
      />
      <div className="flex min-w-0 flex-col gap-4">
        {discovery.isError && <ErrorAlert message={`Discovery failed: ${discovery.error.message}`} />}
        {shown ? (
          <DiscoveryResults
            result={shown.response}
            sourcesUsed={shown.sourcesUsed}
            onIncludeBelowFloor={() => run(shown.icpCriteria, shown.sourcesUsed, true)}
            busy={discovery.isPending}
          />
        ) : (
          <DiscoveryPlaceholder discovering={discovery.isPending} />
        )}
      </div>
    </div>
  );
}
