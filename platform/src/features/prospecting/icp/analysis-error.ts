/**
 * The customer URLs were valid but no ICP could be built from them (no site could be read, or
 * research is not installed): 422, with a message naming each site and why.
 */
export class IcpAnalysisError extends Error {
  override name = 'IcpAnalysisError';
  readonly status = 422;
  // Read by the HTTP error mapping: a client error whose message is meant for the user.
  readonly expose = true;
}
