import { Link } from 'react-router-dom';
import { useSocialProof } from '../api/social-proof-api.ts';
import {
  dollars,
  MEASUREMENTS,
  measurementAnchor,
  MOST_POPULAR,
  PRICING,
  PRICING_NOTES,
  PRICING_TIERS,
  STATS,
  tierFeatures,
  type MeasurementId,
} from '../content.ts';
import { useAccountLinks } from '../hooks/use-account-links.ts';
import { formatDate } from '../../../utils/format.ts';
import { Section } from './section.tsx';

/** A command as typed ("npm run bench -- batch"), broken only between its words, never inside "--". */
function Command({ text }: { text: string }) {
  const [command, part] = text.split(' -- ');
  return (
    <>
      {command}
      {part !== undefined && <span className="whitespace-nowrap"> -- {part}</span>}
    </>
  );
}

/** Results: the figures the project measured, each linked to how; then testimonials, only those the deployer supplied. */
export function Results() {
  const { testimonials } = useSocialProof();
  return (
    <Section
      id="results"
      title="Results"
      intro="What we have measured, and how: each figure links to the command that measures it."
      tone="muted"
    >
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {STATS.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col items-center gap-1 rounded-box bg-base-100 p-5 text-center shadow-sm"
            data-testid="stat"
          >
            <p className="text-2xl font-extrabold text-primary sm:text-3xl">{stat.value}</p>
            <p className="text-sm text-base-content/70">{stat.label}</p>
            <a href={`#${measurementAnchor(stat.measuredBy)}`} className="link mt-auto font-mono text-xs text-base-content/70">
              <Command text={MEASUREMENTS[stat.measuredBy].command} />
            </a>
          </div>
        ))}
      </div>
      <div className="mt-8 rounded-box bg-base-100 p-5 shadow-sm sm:p-6">
        <h3 className="font-semibold">How these were measured</h3>
        <dl className="mt-3 flex flex-col gap-3 text-sm">
          {(Object.keys(MEASUREMENTS) as MeasurementId[]).map((id) => (
            <div key={id} id={measurementAnchor(id)} className="scroll-mt-20" data-testid="measurement">
              <dt className="font-medium">
                {MEASUREMENTS[id].title}:{' '}
                <code className="rounded bg-base-200 px-1 font-mono text-xs">
                  <Command text={MEASUREMENTS[id].command} />
                </code>
              </dt>
              <dd className="text-base-content/70">
                Measured on {formatDate(MEASUREMENTS[id].measuredOn, { timeZone: 'UTC' })}. {MEASUREMENTS[id].detail}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-base-content/70">
          Each figure is in the project’s README (Measured), with the machine it ran on and the targets it did not meet.
        </p>
      </div>
      {testimonials.length > 0 && (
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          {testimonials.map((testimonial) => (
            <figure
              key={`${testimonial.name}: ${testimonial.quote}`}
              className="rounded-box bg-base-100 p-6 shadow-sm"
              data-testid="testimonial"
            >
              <blockquote className="text-base-content/80">“{testimonial.quote}”</blockquote>
              <figcaption className="mt-3 text-sm font-medium">
                {[testimonial.name, testimonial.role, testimonial.company].filter(Boolean).join(', ')}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </Section>
  );
}

/** The three tiers per attended meeting; the one the deployer names is marked Most Popular (none by default). */
export function Pricing() {
  const { startCampaign } = useAccountLinks();
  const { mostPopularTier } = useSocialProof();
  return (
    <Section id="pricing" title={PRICING.title} intro={PRICING.intro}>
      <div className="grid gap-4 md:grid-cols-3">
        {PRICING_TIERS.map((tier) => {
          const popular = tier.tier === mostPopularTier;
          return (
            <article
              key={tier.name}
              className={`card bg-base-100 shadow-sm ${popular ? 'border-2 border-primary' : 'border border-base-300'}`}
              data-testid="pricing-tier"
            >
              <div className="card-body gap-3">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="card-title">{tier.name}</h3>
                  {popular && <span className="badge badge-primary">{MOST_POPULAR}</span>}
                </div>
                <p>
                  <span className="text-4xl font-extrabold">{dollars(tier.basePrice)}</span>{' '}
                  <span className="text-base-content/70">{PRICING.priceUnit}</span>
                </p>
                <p className="text-sm font-medium">{tier.profile}</p>
                <ul className="flex flex-col gap-1 text-sm">
                  {tierFeatures(tier).map((feature) => (
                    <li key={feature}>✓ {feature}</li>
                  ))}
                </ul>
                <Link to={startCampaign} className={`btn mt-auto ${popular ? 'btn-primary' : 'btn-outline'}`}>
                  Start Campaign
                </Link>
              </div>
            </article>
          );
        })}
      </div>
      <ul className="mt-6 grid gap-2 text-sm text-base-content/70 sm:grid-cols-2">
        {PRICING_NOTES.map((note) => (
          <li key={note}>• {note}</li>
        ))}
      </ul>
    </Section>
  );
}
