import { OfferSchema } from '@meetflow/plugin-sdk/contracts/offer';
import { z } from 'zod';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import type { OfferDb } from './model.ts';
import { getOffer, saveOffer } from './offer.ts';

const badWorkspace = { description: 'Invalid workspace slug' };
const OfferView = z.object({ offer: OfferSchema.nullable().describe('Null until someone describes what the workspace sells') });

/** /api/offer: what the workspace sells, which every email pitches (Agent Configuration → Company & offer). */
export const offerRoutes = [
  route<{ db: OfferDb }>(
    {
      method: 'get',
      path: '/api/offer',
      access: 'viewer',
      summary: "The workspace's offer: what it sells, its value propositions, proof points, personas, tone and call to action",
      tags: ['config'],
      query: WorkspaceQuery,
      responses: { 200: { description: 'The offer, or null until one is saved', schema: OfferView }, 400: badWorkspace },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = { offer: await getOffer(db, workspaceOf(ctx)) };
      },
  ),
  route<{ db: OfferDb }>(
    {
      method: 'put',
      path: '/api/offer',
      access: 'admin',
      summary: 'Saves the offer whole; copy written from now on pitches it (a saved sample offer becomes your own)',
      tags: ['config'],
      query: WorkspaceQuery,
      body: OfferSchema,
      responses: { 200: { description: 'The offer as saved', schema: OfferView }, 400: { description: 'A bad field, named' } },
    },
    ({ db }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const before = await getOffer(db, workspaceId);
        const own = OfferSchema.parse(ctx.request.body ?? {});
        delete own.sample; // whatever the body says, an offer someone saves is theirs, not the seeded sample
        const offer = await saveOffer(db, workspaceId, own);
        auditChange(ctx, { before, after: offer });
        ctx.body = { offer };
      },
  ),
];

export const offerRouter = (db: OfferDb) => routerOf(offerRoutes, { db });
