import { PpmMarketplace } from '../../features/pricing/components/ppm-marketplace.tsx';

/** /pricing: the PPM Marketplace (spec section 2). */
export function PricingRoute() {
  return <PpmMarketplace />;
}
