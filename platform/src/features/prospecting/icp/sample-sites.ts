/** The bundled sample customer sites (platform/dev/samples/sites), as the README tells newcomers to paste them into the ICP builder. */
export const SAMPLE_CUSTOMER_SITES = ['pipelinepilot', 'quotewell', 'callcraft', 'kestrel-precision'] as const;

/** The sample customer sites' addresses on the sample sites server. */
export function sampleCustomerSites(samplesUrl: string): string[] {
  return SAMPLE_CUSTOMER_SITES.map((site) => `${samplesUrl}/${site}/`);
}
