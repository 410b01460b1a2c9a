import { PpmMarketplace } from '../../features/ppm-marketplace/components/ppm-marketplace.tsx';

/** /pricing: the PPM Marketplace (spec section 2). */
export function PricingRoute() {
  return <PpmMarketplace />;
}
