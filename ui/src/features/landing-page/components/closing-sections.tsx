import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSocialProof } from '../api/social-proof-api.ts';
import { ENTERPRISE_FEATURES, FAQ, FINAL_CTA, FOOTER, INTEGRATIONS, LINKS, NOT_YET_INTEGRATED, TRUST } from '../content.ts';
import { useAccountLinks } from '../hooks/use-account-links.ts';
import { toggleFaq } from '../utils/faq.ts';
import { Section } from './section.tsx';

/** The call-to-action band after pricing. */
export function CtaBand() {
  const { startCampaign } = useAccountLinks();
  return (
    <section className="bg-primary text-primary-content" aria-label="Start your campaign">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-14 text-center">
        <p className="text-2xl font-bold">Your first qualified meetings, without hiring an SDR team</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={startCampaign} className="btn btn-lg bg-base-100 text-base-content">
            Start Your Campaign Now
          </Link>
          <a href={LINKS.contact} className="btn btn-outline btn-lg border-primary-content text-primary-content">
            Book Strategy Call
          </a>
        </div>
      </div>
    </section>
  );
}

/** The enterprise grid: the integrations that exist (installed plugins), then the platform's features. */
export function Enterprise() {
  return (
    <Section id="enterprise" title="Built for revenue teams" tone="muted">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {INTEGRATIONS.map((group) => (
          <div key={group.title} className="rounded-box bg-base-100 p-5 shadow-sm">
            <h3 className="font-semibold">{group.title}</h3>
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={group.title}>
              {group.names.map((name) => (
                <li key={name} className="badge badge-outline h-auto py-1" data-testid="integration">
                  {name}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-base-content/70">{group.body}</p>
          </div>
        ))}
        {ENTERPRISE_FEATURES.map((feature) => (
          <div key={feature.title} className="rounded-box bg-base-100 p-5 shadow-sm">
            <h3 className="font-semibold">{feature.title}</h3>
            <p className="mt-1 text-sm text-base-content/70">{feature.body}</p>
          </div>
        ))}
      </div>
      <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-base-content/70">{NOT_YET_INTEGRATED}</p>
    </Section>
  );
}

/** Trust and security: the deployer's customer logos and figures when supplied (none by default), then how the product guards your data. */
export function Trust() {
  const { logos, figures } = useSocialProof();
  return (
    <Section id="trust" title="Trust and security">
      {logos.length > 0 && (
        <ul className="mb-10 flex flex-wrap items-center justify-center gap-x-8 gap-y-4" aria-label="Customers">
          {logos.map((logo) => (
            <li key={logo.name} data-testid="customer-logo">
              {logo.image ? (
                <img src={logo.image} alt={logo.name} className="h-10 w-auto max-w-40 object-contain" />
              ) : (
                <span className="text-lg font-semibold text-base-content/70">{logo.name}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {figures.length > 0 && (
        <div className="mb-8 flex flex-wrap justify-center gap-x-12 gap-y-6 text-center">
          {figures.map((figure) => (
            <div key={`${figure.value} ${figure.label}`} className="max-w-48" data-testid="customer-figure">
              <p className="text-2xl font-extrabold sm:text-3xl">{figure.value}</p>
              <p className="text-sm text-base-content/70">{figure.label}</p>
              {figure.source && <p className="text-xs text-base-content/70">{figure.source}</p>}
            </div>
          ))}
        </div>
      )}
      <ul className="mx-auto flex max-w-2xl flex-col gap-2">
        {TRUST.points.map((point) => (
          <li key={point} className="rounded-box bg-base-200 p-3 text-sm">
            {point}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The FAQ accordion: one item open at most; clicking the open one closes it. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <Section id="faq" title="Frequently asked questions" tone="muted">
      <div className="mx-auto flex max-w-3xl flex-col gap-2">
        {FAQ.map((item, index) => (
          <div key={item.question} className="rounded-box bg-base-100 shadow-sm">
            <h3>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-3 p-4 text-left font-medium"
                aria-expanded={open === index}
                aria-controls={`${baseId}-answer-${index}`}
                onClick={() => setOpen(toggleFaq(open, index))}
              >
                {item.question}
                <span aria-hidden="true" className="text-xl">
                  {open === index ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div
              id={`${baseId}-answer-${index}`}
              role="region"
              aria-label={item.question}
              hidden={open !== index}
              className="px-4 pb-4 text-sm text-base-content/80"
            >
              {item.answer}
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}

/** The final call to action. */
export function FinalCta() {
  const { startCampaign } = useAccountLinks();
  return (
    <section className="bg-base-100" aria-label="Get started">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
        <p className="text-2xl font-bold sm:text-3xl">{FINAL_CTA}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={startCampaign} className="btn btn-primary btn-lg">
            START FREE ANALYSIS
          </Link>
          <a href={LINKS.contact} className="btn btn-outline btn-lg">
            SCHEDULE DEMO
          </a>
        </div>
      </div>
    </section>
  );
}

/** The footer: Product, Resources, Company, Legal. */
export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 md:grid-cols-5">
        <div className="col-span-2 md:col-span-1">
          <p className="text-xl font-bold">Meetflow</p>
          <p className="mt-2 text-sm opacity-70">AI sales development, paid per attended meeting.</p>
        </div>
        {FOOTER.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h3 className="mb-2 font-semibold">{column.title}</h3>
            <ul className="flex flex-col gap-1 text-sm opacity-80">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="link-hover">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </footer>
  );
}
