/** The path prefix the sample sites server serves the sample companies' sites under. */
export const COMPANY_SITES_PREFIX = '/companies/';

/** Where the site of a sample company (`brightwave-analytics-g.example`) is served: `${samplesUrl}/companies/<domain>/`. */
export const sampleCompanySiteUrl = (samplesUrl: string, domain: string) =>
  `${samplesUrl.replace(/\/+$/, '')}${COMPANY_SITES_PREFIX}${domain}/`;
