import { PlatformStatusCard } from '../../features/platform-health/components/platform-status-card.tsx';

/** The home page: product name, tagline and the live platform status. */
export function HomeRoute() {
  return (
    <main className="min-h-screen bg-base-200">
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-6 py-16">
        <header className="flex flex-col gap-3">
          <h1 className="text-5xl font-bold tracking-tight text-primary">Meetflow</h1>
          <p className="text-lg text-base-content/70">
            Give 3 customer URLs and get 1,000 qualified prospects with personalised sequences in
            2-4 hours.
          </p>
        </header>
        <PlatformStatusCard />
      </div>
    </main>
  );
}
