import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ENTERPRISE_FEATURES, FAQ, FOOTER, LINKS, TRUST } from '../content.ts';
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

/** The enterprise features grid. */
export function Enterprise() {
  return (
    <Section id="enterprise" title="Built for revenue teams" tone="muted">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ENTERPRISE_FEATURES.map((feature) => (
          <div key={feature.title} className="rounded-box bg-base-100 p-5 shadow-sm">
            <h3 className="font-semibold">{feature.title}</h3>
            <p className="mt-1 text-sm text-base-content/70">{feature.body}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}

/** Trust and security. */
export function Trust() {
  return (
    <Section id="trust" title="Trust and security">
      <div className="grid grid-cols-3 gap-4 text-center">
        {TRUST.figures.map((figure) => (
          <div key={figure.label}>
            <p className="text-2xl font-extrabold sm:text-3xl">{figure.value}</p>
            <p className="text-sm text-base-content/70">{figure.label}</p>
          </div>
        ))}
      </div>
      <ul className="mx-auto mt-8 flex max-w-2xl flex-col gap-2">
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
        <p className="text-2xl font-bold sm:text-3xl">See your ICP in 30 minutes</p>
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
