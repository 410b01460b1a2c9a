import { LandingPage } from '../../features/landing-page/components/landing-page.tsx';

/** /: the public landing page (spec section 2). */
export function LandingRoute() {
  return <LandingPage />;
}
