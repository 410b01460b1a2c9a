import type { FormEvent } from 'react';
import type { DiscoverySourceId } from '../api/types.ts';
import type { CriteriaForm as CriteriaFormValues } from '../utils/criteria.ts';
import { CriteriaField } from './criteria-field.tsx';
import { DataSourcesChecklist } from './data-sources-checklist.tsx';

interface CriteriaFormProps {
  form: CriteriaFormValues;
  onChange: (name: keyof CriteriaFormValues, value: string) => void;
  sources: readonly DiscoverySourceId[];
  onToggleSource: (id: DiscoverySourceId) => void;
  onDiscover: () => void;
  discovering: boolean;
  /** Set when the form was filled from an ICP Builder link. */
  prefilled: boolean;
}

/** The ICP Criteria form with its Data Sources and the Discover Prospects button (spec section 2). */
export function CriteriaForm({ form, onChange, sources, onToggleSource, onDiscover, discovering, prefilled }: CriteriaFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDiscover();
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby="icp-criteria-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="icp-criteria-title" className="card-title">
          ICP Criteria
        </h2>
        {prefilled && (
          <p role="status" className="text-sm text-info">
            Filled from the ICP Builder; edit anything before discovering.
          </p>
        )}
        <CriteriaField
          onChange={onChange}
          name="industry"
          label="Industry"
          required
          value={form.industry}
          placeholder="e.g. SaaS, Fintech"
        />
        <CriteriaField onChange={onChange} name="companySize" label="Company Size" value={form.companySize} placeholder="e.g. 50-200" />
        <CriteriaField
          onChange={onChange}
          name="jobTitles"
          label="Job Titles"
          required
          multiline
          value={form.jobTitles}
          placeholder={'VP of Sales\nHead of Sales Development'}
        />
        <CriteriaField
          onChange={onChange}
          name="techStack"
          label="Technology Stack"
          multiline
          value={form.techStack}
          placeholder={'Salesforce\nHubSpot'}
        />
        <CriteriaField
          onChange={onChange}
          name="painPoints"
          label="Pain Points"
          multiline
          value={form.painPoints}
          placeholder={'Slow pipeline generation\nLow reply rates'}
        />
        <CriteriaField onChange={onChange} name="revenue" label="Revenue Range" value={form.revenue} placeholder="e.g. $10M-$50M" />
        <DataSourcesChecklist selected={sources} onToggle={onToggleSource} />
        <button type="submit" className="btn btn-primary" disabled={discovering}>
          {discovering ? (
            <>
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              Discovering Prospects...
            </>
          ) : (
            'Discover Prospects'
          )}
        </button>
      </div>
    </form>
  );
}
