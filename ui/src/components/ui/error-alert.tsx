/** A failed call shown in place of its content; the message is the API's `STATUS: body` (spec section 8). */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="alert alert-error">
      <span className="wrap-anywhere">{message}</span>
    </div>
  );
}
