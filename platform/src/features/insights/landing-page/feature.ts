// What the public landing page shows that the deployer supplies (GET /api/landing-page/social-proof).
import { defineFeature } from '../../context.ts';
import { landingPageRouter, landingPageRoutes } from './routes.ts';
import { NO_SOCIAL_PROOF } from './social-proof.ts';

export const landingPageFeature = defineFeature({
  name: 'landing-page',
  domain: 'insights',
  uses: [],
  routes: [{ routes: landingPageRoutes, build: ({ product }) => landingPageRouter(product.socialProof ?? NO_SOCIAL_PROOF) }],
});
