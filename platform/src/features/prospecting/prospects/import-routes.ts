import type { Context } from 'koa';
import { z } from 'zod';
import { importProspects } from './import.ts';
import type { ProspectDb } from './prospects.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

/** Largest CSV body read as text/csv (the JSON form is bounded by the app's JSON limit). */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;

/** JSON body of POST /api/prospects/import (the other form is the CSV itself as text/csv). */
export const ImportCsvBody = z.object({
  csv: z
    .string({ error: 'must be the CSV text' })
    .min(1, 'must not be empty')
    .describe('CSV with a header: firstName,lastName,email,company,jobTitle,industry,website,employeeCount (any case, common aliases)'),
});

/** 200 of POST /api/prospects/import. */
export const ImportResponse = z.object({
  imported: z.number().int().min(0),
  failed: z.number().int().min(0),
  errors: z.array(
    z.object({
      row: z.number().int().describe('Line of the file (the header is line 1).'),
      errors: z.record(z.string(), z.string()).describe('Each bad field with why; a known email is `email: "already exists"`.'),
    }),
  ),
  prospects: z.array(z.number().int()).describe('Ids of the prospects created, in file order.'),
});

// The app's body parser reads JSON only, so a text/csv body is still unread here.
async function readCsvBody(ctx: Context): Promise<string> {
  if (Number(ctx.get('content-length') || 0) > MAX_CSV_BYTES)
    ctx.throw(413, `The CSV file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CSV_BYTES) ctx.throw(413, `The CSV file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function csvOf(ctx: Context): Promise<string> {
  if (ctx.is('text/csv', 'text/plain')) return readCsvBody(ctx);
  if (ctx.is('application/json')) return ImportCsvBody.parse(ctx.request.body ?? {}).csv;
  return ctx.throw(415, 'Send the CSV as the body with Content-Type text/csv, or as JSON { "csv": "..." }');
}

/** POST /api/prospects/import: CSV rows become prospects; bad rows are reported, good ones kept. */
export const prospectsImportRoutes = [
  route<ProspectDb>(
    {
      method: 'post',
      path: '/api/prospects/import',
      access: 'sales-ops',
      tags: ['prospects'],
      query: WorkspaceQuery,
      body: ImportCsvBody,
      bodyTypes: ['text/csv', 'text/plain'],
      summary:
        'Import prospects from a CSV (body text/csv up to 2 MB, or JSON { csv }); good rows are created, bad rows reported, known emails are row errors',
      responses: {
        200: { description: 'How many were imported and failed, each failed row with its fields, the new ids', schema: ImportResponse },
        422: { description: 'The file cannot be parsed, has no header with firstName, lastName, email and company, or has over 5000 rows' },
        413: { description: 'The CSV body is larger than 2 MB' },
        415: { description: 'The body is neither text/csv nor JSON' },
      },
    },
    (db) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      ctx.body = ImportResponse.parse(await importProspects(db, workspaceId, await csvOf(ctx)));
    },
  ),
];

export const prospectsImportRouter = (db: ProspectDb) => routerOf(prospectsImportRoutes, db);
export const prospectsImportRouteDocs = docsOf(prospectsImportRoutes);
