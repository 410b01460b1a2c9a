import { CtaBand, Enterprise, Faq, FinalCta, Footer, Trust } from './closing-sections.tsx';
import { CostComparison, Features } from './comparison-and-features.tsx';
import { Hero } from './hero.tsx';
import { Pricing, Results } from './results-and-pricing.tsx';
import { SiteHeader } from './site-header.tsx';

/** The public landing page (spec section 2), its sections in the spec's order. */
export function LandingPage() {
  return (
    <div id="top" className="min-h-screen bg-base-100">
      <SiteHeader />
      <main>
        <Hero />
        <CostComparison />
        <Features />
        <Results />
        <Pricing />
        <CtaBand />
        <Enterprise />
        <Trust />
        <Faq />
        <FinalCta />
      </main>
      <Footer />
    </div>
  );
}
