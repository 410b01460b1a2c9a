import { PageHeader } from '../../components/layout/page-header.tsx';

/** /pricing: PPM Marketplace (spec section 2). Being built. */
export function PricingRoute() {
  return <PageHeader title="PPM Marketplace" subtitle="" />;
}
