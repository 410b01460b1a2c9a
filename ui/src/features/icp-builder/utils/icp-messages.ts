import { ApiError } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../utils/format.ts';
import type { IcpAnalysis } from '../api/types.ts';
import { MIN_URLS } from './url-limits.ts';

/** The API's whole 400 body for too few (distinct, non-blank) URLs, in the spec's words (section 8). */
export const TOO_FEW_URLS = `Please provide at least ${MIN_URLS} customer URLs for analysis`;

/** Success toast (spec section 8). */
export function analysisCompleteMessage(analysis: IcpAnalysis): string {
  return `ICP Analysis Complete - Generated ${analysis.icpSlices.length} ICP slices with ${formatPercent(analysis.confidence)} confidence`;
}

/** The toast for a failed analysis: the spec's "Insufficient URLs" for the API's too-few answer, else "Analysis Failed". */
export function analysisFailedMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 400 && error.text === TOO_FEW_URLS) {
    return `Insufficient URLs: ${TOO_FEW_URLS}`;
  }
  return `Analysis Failed: ${error.message || 'Failed to analyze customer URLs'}`;
}
