import { Link } from 'react-router-dom';
import { PRICING_NOTES, PRICING_TIERS, STATS, TESTIMONIALS } from '../content.ts';
import { useAccountLinks } from '../hooks/use-account-links.ts';
import { Section } from './section.tsx';

/** Results: the headline figures and two illustrative testimonials. */
export function Results() {
  return (
    <Section id="results" title="Results" intro="What the engine is built to deliver." tone="muted">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {STATS.map((stat) => (
          <div key={stat.label} className="rounded-box bg-base-100 p-5 text-center shadow-sm">
            <p className="text-3xl font-extrabold text-primary">{stat.value}</p>
            <p className="text-sm text-base-content/70">{stat.label}</p>
          </div>
        ))}
      </div>
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        {TESTIMONIALS.map((testimonial) => (
          <figure key={testimonial.role} className="rounded-box bg-base-100 p-6 shadow-sm" data-testid="testimonial">
            <blockquote className="text-base-content/80">“{testimonial.quote}”</blockquote>
            <figcaption className="mt-3 text-sm font-medium">{testimonial.role}</figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}

/** The three tiers per qualified meeting, Standard marked Most Popular. */
export function Pricing() {
  const { startCampaign } = useAccountLinks();
  return (
    <Section id="pricing" title="Pay per qualified meeting" intro="$25-50 per meeting, against $200-400 for a manual one.">
      <div className="grid gap-4 md:grid-cols-3">
        {PRICING_TIERS.map((tier) => (
          <article
            key={tier.name}
            className={`card bg-base-100 shadow-sm ${tier.popular ? 'border-2 border-primary' : 'border border-base-300'}`}
            data-testid="pricing-tier"
          >
            <div className="card-body gap-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="card-title">{tier.name}</h3>
                {tier.popular && <span className="badge badge-primary">Most Popular</span>}
              </div>
              <p>
                <span className="text-4xl font-extrabold">{tier.price}</span>{' '}
                <span className="text-base-content/60">per qualified meeting</span>
              </p>
              <p className="text-sm text-base-content/70">
                {tier.profile} · {tier.stage}
              </p>
              <p className="text-sm font-medium">{tier.quality}</p>
              <ul className="flex flex-col gap-1 text-sm">
                {tier.features.map((feature) => (
                  <li key={feature}>✓ {feature}</li>
                ))}
              </ul>
              <Link to={startCampaign} className={`btn mt-2 ${tier.popular ? 'btn-primary' : 'btn-outline'}`}>
                Start Campaign
              </Link>
            </div>
          </article>
        ))}
      </div>
      <ul className="mt-6 grid gap-2 text-sm text-base-content/70 sm:grid-cols-2">
        {PRICING_NOTES.map((note) => (
          <li key={note}>• {note}</li>
        ))}
      </ul>
    </Section>
  );
}
