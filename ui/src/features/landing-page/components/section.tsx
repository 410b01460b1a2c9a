import type { ReactNode } from 'react';

/** A landing-page section with its heading; `id` makes it an anchor target below the sticky header. */
export function Section({
  id,
  title,
  intro,
  children,
  tone = 'plain',
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: 'plain' | 'muted';
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-20 ${tone === 'muted' ? 'bg-base-200' : 'bg-base-100'}`}>
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id={`${id}-title`} className="text-center text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mx-auto mt-3 max-w-2xl text-center text-base-content/70">{intro}</p>}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
