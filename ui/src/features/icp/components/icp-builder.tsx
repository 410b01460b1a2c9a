import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { useAnalyzeIcp } from '../api/analyze-icp.ts';
import { sampleSitesQueryOptions } from '../api/get-sample-sites.ts';
import { workspaceIcpQueryOptions } from '../api/get-workspace-icp.ts';
import { useUrlFields } from '../hooks/use-url-fields.ts';
import { analysisCompleteMessage, analysisFailedMessage, TOO_FEW_URLS_TOAST } from '../utils/icp-messages.ts';
import { filledUrls, MIN_URLS } from '../utils/url-limits.ts';
import { IcpResults } from './icp-results.tsx';
import { UrlFieldsForm } from './url-fields-form.tsx';

/**
 * The ICP Builder (spec section 2): customer URLs in, ICP slices out. Idle, analyzing, results or
 * error; the results are the workspace's stored ICP, which each analysis replaces.
 */
export function IcpBuilder() {
  const urlFields = useUrlFields();
  const sampleSites = useQuery(sampleSitesQueryOptions());
  const storedIcp = useQuery(workspaceIcpQueryOptions());
  const analysis = useAnalyzeIcp();
  const toast = useToast();
  const urls = filledUrls(urlFields.fields.map((field) => field.value));

  const generate = () => {
    // The button is disabled below the minimum; this guards the other ways a form submits.
    if (urls.length < MIN_URLS) {
      toast(TOO_FEW_URLS_TOAST);
      return;
    }
    analysis.mutate(urls, {
      onSuccess: (result) => toast(analysisCompleteMessage(result)),
      onError: (error) => toast(analysisFailedMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <UrlFieldsForm
        fields={urlFields.fields}
        canAdd={urlFields.canAdd}
        canRemove={urlFields.canRemove}
        filledCount={urls.length}
        analyzing={analysis.isPending}
        sampleUrls={sampleSites.data?.urls ?? []}
        onAdd={urlFields.add}
        onRemove={urlFields.remove}
        onChange={urlFields.update}
        onUseSamples={() => urlFields.fill(sampleSites.data?.urls ?? [])}
        onGenerate={generate}
      />
      {analysis.isPending && (
        <div role="status" className="alert">
          <span className="loading loading-spinner loading-md" aria-hidden="true" />
          <span>Reading {urls.length} customer sites and forming ICP slices…</span>
        </div>
      )}
      {analysis.isError && (
        <div data-testid="icp-error">
          <ErrorAlert message={analysis.error.message} />
        </div>
      )}
      {storedIcp.isPending ? (
        <span className="loading loading-spinner loading-md" aria-label="Loading the workspace's ICP" />
      ) : storedIcp.isError ? (
        <ErrorAlert message={storedIcp.error.message} />
      ) : storedIcp.data ? (
        <IcpResults analysis={storedIcp.data} />
      ) : (
        !analysis.isPending && (
          <p className="text-base-content/70" data-testid="icp-empty">
            No ICP yet in this workspace. Enter at least {MIN_URLS} customer websites and generate one: each criterion is read from what
            those sites say.
          </p>
        )
      )}
    </div>
  );
}
