import { ApiError } from '../../../lib/api-client.ts';
import type { ToastInput } from '../../../lib/toast.ts';
import { formatPercent } from '../../../utils/format.ts';
import type { IcpAnalysis } from '../api/types.ts';
import { MIN_URLS } from './url-limits.ts';

/** The API's whole 400 body for too few (distinct, non-blank) URLs, in the spec's words (section 8). */
export const TOO_FEW_URLS = `Please provide at least ${MIN_URLS} customer URLs for analysis`;

/** The toast for fewer than the minimum of URLs (spec section 8). */
export const TOO_FEW_URLS_TOAST: ToastInput = { title: 'Insufficient URLs', description: TOO_FEW_URLS, tone: 'info' };

/** Success toast (spec section 8). */
export function analysisCompleteMessage(analysis: IcpAnalysis): ToastInput {
  return {
    title: 'ICP Analysis Complete',
    tone: 'success',
    description: `Generated ${analysis.icpSlices.length} ICP slices with ${formatPercent(analysis.confidence)} confidence`,
  };
}

/** The toast for a failed analysis: the spec's "Insufficient URLs" for the API's too-few answer, else "Analysis Failed". */
export function analysisFailedMessage(error: Error): ToastInput {
  if (error instanceof ApiError && error.status === 400 && error.text === TOO_FEW_URLS) return TOO_FEW_URLS_TOAST;
  return { title: 'Analysis Failed', description: error.message || 'Failed to analyze customer URLs', tone: 'error' };
}
