import { useSearchParams } from 'react-router-dom';
import { ProspectDiscovery } from '../../features/discovery/components/prospect-discovery.tsx';
import { criteriaFromParam } from '../../features/discovery/utils/prefill.ts';

/**
 * /prospect-discovery: find people matching ICP criteria across the data sources (spec section 2).
 * The ICP Builder links here with `?criteria=<JSON>` to fill the form; a malformed one is ignored.
 */
export function ProspectDiscoveryRoute() {
  const [searchParams] = useSearchParams();
  const criteriaParam = searchParams.get('criteria');
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">Prospect Discovery</h1>
        <p className="text-base-content/70">
          Find the people who match your ideal customer profile across your data sources, each scored against it.
        </p>
      </header>
      {/* A new criteria link starts a fresh form rather than merging into what was typed. */}
      <ProspectDiscovery key={criteriaParam ?? ''} initialCriteria={criteriaFromParam(criteriaParam)} />
    </div>
  );
}
