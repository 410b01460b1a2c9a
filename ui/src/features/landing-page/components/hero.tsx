import { Link } from 'react-router-dom';
import { HERO, LINKS, measurementAnchor } from '../content.ts';
import { useAccountLinks } from '../hooks/use-account-links.ts';

/** The hero: the promise, the two calls to action, the measured time behind "in minutes", the offer. */
export function Hero() {
  const { startCampaign } = useAccountLinks();
  return (
    <section className="bg-gradient-to-b from-primary/10 to-base-100" aria-labelledby="hero-title">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center">
        <span className="badge badge-primary badge-outline h-auto py-1">{HERO.eyebrow}</span>
        <h1 id="hero-title" className="text-3xl font-extrabold tracking-tight sm:text-5xl">
          {HERO.title}
        </h1>
        <p className="max-w-2xl text-lg text-base-content/70">{HERO.body}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={startCampaign} className="btn btn-primary btn-lg">
            Start Your Campaign
          </Link>
          <a href={LINKS.howItWorks} className="btn btn-outline btn-lg">
            See How It Works
          </a>
        </div>
        <p className="max-w-2xl text-sm text-base-content/70" data-testid="hero-measured">
          {HERO.measured.text}{' '}
          <a href={`#${measurementAnchor(HERO.measured.measuredBy)}`} className="link">
            {HERO.measured.linkText}
          </a>
        </p>
        <p className="text-sm font-medium text-base-content/70">{HERO.offer}</p>
      </div>
    </section>
  );
}
