import { route, routerOf } from '../../../core/http/api-route.ts';
import { SocialProofResponse, type SocialProof } from './social-proof.ts';

/**
 * GET /api/landing-page/social-proof: the testimonials, customer logos and figures the deployer
 * supplied (MEETFLOW_SOCIAL_PROOF), read once at start-up. Public and read-only: the landing
 * page shows it to visitors who are not signed in.
 */
export const landingPageRoutes = [
  route<SocialProof>(
    {
      method: 'get',
      path: '/api/landing-page/social-proof',
      access: 'public',
      tags: ['landing-page'],
      summary: "The landing page's testimonials, customer logos and figures: only what the deployer supplied (the same for everyone)",
      responses: {
        200: { description: 'What the deployer supplied; every list empty when they supplied nothing', schema: SocialProofResponse },
      },
    },
    (socialProof) => (ctx) => {
      ctx.body = socialProof;
    },
  ),
];

export const landingPageRouter = (socialProof: SocialProof) => routerOf(landingPageRoutes, socialProof);
