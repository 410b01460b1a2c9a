/** The right side before any results exist (spec section 2). */
export function DiscoveryPlaceholder({ discovering }: { discovering: boolean }) {
  return (
    <div className="card h-full min-h-64 border-2 border-dashed border-base-300 bg-base-100">
      <div className="card-body items-center justify-center text-center">
        {discovering && <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />}
        <h2 className="card-title">Ready to Discover Prospects</h2>
        <p className="max-w-md text-sm text-base-content/70">
          Describe your ideal customer on the left, choose the data sources and discover the people who match, each with a match score that
          explains itself.
        </p>
      </div>
    </div>
  );
}
