import type { FormEvent } from 'react';
import type { UrlField } from '../hooks/use-url-fields.ts';
import { MAX_URLS, MIN_URLS } from '../utils/url-limits.ts';

interface UrlFieldsFormProps {
  fields: readonly UrlField[];
  canAdd: boolean;
  canRemove: boolean;
  /** Non-blank URLs entered; generating needs {@link MIN_URLS}. */
  filledCount: number;
  analyzing: boolean;
  /** The bundled sample customer sites, empty when the API serves none. */
  sampleUrls: readonly string[];
  onAdd: () => void;
  onRemove: (id: number) => void;
  onChange: (id: number, value: string) => void;
  onUseSamples: () => void;
  onGenerate: () => void;
}

/**
 * The customer URL fields with add, remove, the sample-sites shortcut and the generate button.
 * No browser validation: the API names a URL it cannot use, in words the user reads in a toast.
 */
export function UrlFieldsForm(props: UrlFieldsFormProps) {
  const { fields, canAdd, canRemove, filledCount, analyzing, sampleUrls } = props;
  const enough = filledCount >= MIN_URLS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onGenerate();
  };

  return (
    <form onSubmit={submit} noValidate className="card bg-base-100 shadow-sm" aria-labelledby="customer-urls-title">
      <fieldset disabled={analyzing} className="card-body gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="customer-urls-title" className="card-title">
            Customer websites
          </h2>
          <span className="text-sm text-base-content/60">
            {MIN_URLS} to {MAX_URLS} of your best customers
          </span>
          {sampleUrls.length > 0 && (
            <button type="button" className="btn btn-outline btn-sm ml-auto" onClick={props.onUseSamples} title={sampleUrls.join('\n')}>
              Use the sample customer sites
            </button>
          )}
        </div>
        <ul className="flex flex-col gap-2">
          {fields.map((field, index) => (
            <li key={field.id} className="flex gap-2">
              <input
                type="url"
                inputMode="url"
                className="input w-full"
                placeholder="https://customer.example.com"
                aria-label={`Customer URL ${index + 1}`}
                value={field.value}
                onChange={(event) => props.onChange(field.id, event.target.value)}
              />
              <button
                type="button"
                className="btn btn-ghost btn-square"
                aria-label={`Remove customer URL ${index + 1}`}
                disabled={!canRemove}
                onClick={() => props.onRemove(field.id)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn btn-sm" disabled={!canAdd} onClick={props.onAdd}>
            + Add URL
          </button>
          <span className="text-sm text-base-content/60" aria-live="polite">
            {enough ? `${filledCount} URLs to analyse` : `${filledCount} of at least ${MIN_URLS} URLs entered`}
          </span>
          <button type="submit" className="btn btn-primary ml-auto" disabled={analyzing || !enough}>
            {analyzing && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {analyzing ? 'Analyzing Customer Websites...' : 'Generate ICP'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
