/** What puts an entry on the list without anyone adding it, as the empty state tells it. */
const AUTOMATIC = [
  { title: 'Unsubscribes', detail: 'with the one-click link at the foot of every email.' },
  { title: 'Hard bounces', detail: 'the receiving server says the address does not exist.' },
  { title: 'Replies asking to stop', detail: 'e.g. “please remove me from your list”.' },
];

/**
 * Nobody on the list yet: what the list does, what adds to it by itself, then how to add
 * others, or whom to ask.
 */
export function SuppressionsEmpty({ manage, onAdd }: { manage: boolean; onAdd: () => void }) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="suppressions-empty-title" data-testid="suppressions-empty">
      <div className="card-body gap-4 p-5 sm:p-6">
        <div>
          <h2 id="suppressions-empty-title" className="card-title text-base">
            Nobody is on the suppression list yet
          </h2>
          <p className="mt-1 max-w-prose text-sm text-base-content/70">
            Addresses and domains here are never emailed from this workspace, whatever a campaign or sequence asks: the send is refused and
            the sequence stops. A domain covers every address at it.
          </p>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Meetflow adds an address by itself after</h3>
          <ul className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
            {AUTOMATIC.map(({ title, detail }) => (
              <li key={title} className="rounded-box bg-base-200 px-4 py-3">
                <strong>{title}</strong>: {detail}
              </li>
            ))}
          </ul>
        </div>
        {manage ? (
          <div className="flex flex-col gap-3">
            <p className="max-w-prose text-sm text-base-content/70">
              Add anyone else you must never email: existing customers, partners, a competitor&apos;s whole domain, someone who asked by
              phone.
            </p>
            <div>
              <button type="button" className="btn btn-primary" onClick={onAdd}>
                Add to Suppression List
              </button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-base-content/70">
            Only admins and owners add addresses and domains by hand: ask one of them to add any you must never email.
          </p>
        )}
      </div>
    </section>
  );
}
