/**
 * A request its document allows whose content cannot be acted on here: it names something this
 * server does not have (a source not installed, a pipeline version never saved) or holds a file
 * that is not what it should be (a CSV without the columns it needs). 422, its message shown as
 * it is; a 400 stays the answer to a request that breaks its documented schema.
 */
export class UnprocessableError extends Error {
  override name = 'UnprocessableError';
  readonly status = 422;
  // Read by the HTTP error mapping (toHttpError): a client error whose message is meant for the user.
  readonly expose = true;
  /** Optionally, each problem by where it is (dotted path), for a form to show beside the field. */
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
