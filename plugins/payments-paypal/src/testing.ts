// A local fake of the PayPal REST APIs the plugin calls (@meetflow/plugin-payments-paypal/testing),
// written from PayPal's published API reference:
//   - OAuth 2.0 client credentials: https://developer.paypal.com/api/rest/authentication/
//     (POST /v1/oauth2/token, Basic client_id:secret, grant_type=client_credentials)
//   - Invoicing v2: https://developer.paypal.com/api/invoicing/v2/invoices-create,
//     https://developer.paypal.com/invoicing/reference and https://developer.paypal.com/invoicing/object
//     (POST /v2/invoicing/invoices, GET /v2/invoicing/invoices/{id}, POST …/{id}/send; statuses
//     DRAFT → UNPAID → PAID / CANCELLED / REFUNDED; detail.metadata.recipient_view_url)
//   - Payments v2 capture refund: https://developer.paypal.com/docs/api/payments/v2/#captures_refund
//   - Idempotency: https://developer.paypal.com/api/rest/reference/idempotency/ (PayPal-Request-Id:
//     the same id answers the first request's result)
//   - Rate limiting: https://developer.paypal.com/api/rest/reference/rate-limiting/ (429 RATE_LIMIT_REACHED)
//   - Errors: https://developer.paypal.com/api/rest/responses/ ({ name, message, debug_id, details: [{ field, issue }] })
//   - Webhook verification: https://developer.paypal.com/api/webhooks/v1/verify-webhook-signature-post
//     and https://developer.paypal.com/api/rest/webhooks/rest/ (PAYPAL-TRANSMISSION-ID, -TIME, -SIG,
//     PAYPAL-CERT-URL, PAYPAL-AUTH-ALGO; the signature is SHA256withRSA over
//     "<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>")
// It keeps its invoices, captures and refunds in memory, checks the bearer token on every call,
// answers 429 with Retry-After on demand, and records every request for the tests.
import { createSign, createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { toMinor, toPayPalValue } from './money.ts';

export const FAKE_PAYPAL_CLIENT = { clientId: 'fake-paypal-client', clientSecret: 'fake-paypal-secret' };
export const FAKE_PAYPAL_WEBHOOK_ID = '1JE4291016473214C';

/** Currencies PayPal accepts (a subset of https://developer.paypal.com/reference/currency-codes/). */
const CURRENCIES = new Set(['AUD', 'CAD', 'CHF', 'CZK', 'DKK', 'EUR', 'GBP', 'HUF', 'JPY', 'NOK', 'NZD', 'PLN', 'SEK', 'TWD', 'USD']);

const money = z.object({ currency_code: z.string(), value: z.string() });
const createInvoiceBody = z.object({
  detail: z.object({
    currency_code: z.string(),
    reference: z.string().max(120).optional(),
    note: z.string().max(4000).optional(),
    payment_term: z.object({ due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).optional(),
  }),
  primary_recipients: z
    .array(z.object({ billing_info: z.object({ email_address: z.email(), name: z.object({ full_name: z.string() }).optional() }).loose() }))
    .min(1),
  items: z
    .array(
      z.object({
        name: z.string().min(1).max(200),
        description: z.string().max(1000).optional(),
        quantity: z.string().regex(/^\d{1,10}(\.\d{1,5})?$/),
        unit_amount: money,
        unit_of_measure: z.enum(['QUANTITY', 'HOURS', 'AMOUNT']).optional(),
      }),
    )
    .min(1)
    .max(100),
  // An invoice-level discount (https://developer.paypal.com/docs/api/invoicing/v2/#definition-invoice_discount): an amount here.
  amount: z
    .object({ breakdown: z.object({ discount: z.object({ invoice_discount: z.object({ amount: money }) }).optional() }).optional() })
    .optional(),
});

/** One invoice as the fake holds it (PayPal's shape, as GET answers it). */
export interface FakePayPalInvoice {
  id: string;
  status: string;
  detail: Record<string, unknown> & { currency_code: string; reference?: string; invoice_number: string; metadata: Record<string, string> };
  primary_recipients: unknown[];
  items: Array<{ name: string; quantity: string; unit_amount: { currency_code: string; value: string } }>;
  amount: {
    currency_code: string;
    value: string;
    breakdown: {
      item_total: { currency_code: string; value: string };
      tax_total: { currency_code: string; value: string };
      discount?: { invoice_discount: { amount: { currency_code: string; value: string } } };
    };
  };
  due_amount: { currency_code: string; value: string };
  payments?: {
    paid_amount: { currency_code: string; value: string };
    transactions: Array<{ payment_id: string; method: string; amount: { currency_code: string; value: string } }>;
  };
  refunds?: {
    refund_amount: { currency_code: string; value: string };
    transactions: Array<{ refund_id: string; amount: { currency_code: string; value: string } }>;
  };
}

export interface FakePayPalRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  status: number;
}

export interface FakePayPal {
  baseUrl: string;
  requests: FakePayPalRequest[];
  invoices: Map<string, FakePayPalInvoice>;
  refunds: Array<{ id: string; captureId: string; amountMinor: number; currency: string; requestId: string | undefined }>;
  /** Answers the next `times` calls (token calls aside) with 429 and this Retry-After. */
  rateLimitNext(retryAfterSeconds: number, times?: number): void;
  /** The payer pays a sent invoice on PayPal's page: it becomes PAID with one capture. */
  pay(invoiceId: string): string;
  /** A webhook as PayPal delivers it, signed with the fake's key (`tamper` changes the body after signing). */
  webhook(
    event: Record<string, unknown>,
    transmissionTime: string,
    options?: { webhookId?: string },
  ): { rawBody: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const err = (name: string, message: string, details: Array<{ field?: string; issue: string; description?: string }> = []) => ({
  name,
  message,
  debug_id: randomUUID().slice(0, 13),
  details,
});

export async function startFakePayPal(options: { now: () => Date }): Promise<FakePayPal> {
  const requests: FakePayPalRequest[] = [];
  const invoices = new Map<string, FakePayPalInvoice>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const captures = new Map<string, { invoiceId: string; amountMinor: number; currency: string; refundedMinor: number }>();
  const refunds: FakePayPal['refunds'] = [];
  const tokens = new Map<string, number>();
  let limited: { seconds: number; times: number } | null = null;
  let sequence = 0;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let baseUrl = '';

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });

  const refreshAmounts = (invoice: FakePayPalInvoice) => {
    const currency = invoice.detail.currency_code.toLowerCase();
    const items = invoice.items.reduce((sum, item) => sum + Number(item.quantity) * toMinor(item.unit_amount.value, currency), 0);
    const discount = invoice.amount.breakdown.discount;
    const total = items - (discount ? toMinor(discount.invoice_discount.amount.value, currency) : 0);
    const paid = invoice.payments ? toMinor(invoice.payments.paid_amount.value, currency) : 0;
    const code = invoice.detail.currency_code;
    invoice.amount = {
      currency_code: code,
      value: toPayPalValue(total, currency),
      breakdown: {
        item_total: { currency_code: code, value: toPayPalValue(items, currency) },
        tax_total: { currency_code: code, value: toPayPalValue(0, currency) },
        ...(discount ? { discount } : {}),
      },
    };
    invoice.due_amount = { currency_code: code, value: toPayPalValue(total - paid, currency) };
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const text = await read(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    let body: unknown = null;
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body, status });
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(json === null ? '' : JSON.stringify(json));
    };
    if (path === '/v1/oauth2/token') {
      const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
      if (basic !== `${FAKE_PAYPAL_CLIENT.clientId}:${FAKE_PAYPAL_CLIENT.clientSecret}` || !new URLSearchParams(text).has('grant_type'))
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${randomUUID().replaceAll('-', '')}`;
      tokens.set(token, options.now().getTime() + 32_400_000);
      return send(200, {
        scope: 'https://uri.paypal.com/services/invoicing',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: 32_400,
      });
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer) || tokens.get(bearer)! <= options.now().getTime())
      return send(
        401,
        err('AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.'),
      );
    if (limited && limited.times > 0) {
      limited.times -= 1;
      return send(429, err('RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'), {
        'retry-after': String(limited.seconds),
      });
    }
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return send(
        400,
        err('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
          { issue: 'MALFORMED_REQUEST_JSON' },
        ]),
      );
    }
    const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : undefined;
    const remembered = requestId ? byRequestId.get(`${request.method} ${path} ${requestId}`) : undefined;
    if (remembered) return send(remembered.status, remembered.body);
    const answer = (status: number, json: unknown) => {
      if (requestId && status < 300) byRequestId.set(`${request.method} ${path} ${requestId}`, { status, body: json });
      return send(status, json);
    };

    if (request.method === 'POST' && path === '/v2/invoicing/invoices') {
      const parsed = createInvoiceBody.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return send(
          400,
          err('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
            { field: `/${issue.path.join('/')}`, issue: 'INVALID_PARAMETER_SYNTAX', description: issue.message },
          ]),
        );
      }
      const input = parsed.data;
      if (!CURRENCIES.has(input.detail.currency_code))
        return send(
          422,
          err('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
            { field: '/detail/currency_code', issue: 'CURRENCY_NOT_SUPPORTED' },
          ]),
        );
      for (const [index, item] of input.items.entries()) {
        if (item.unit_amount.currency_code !== input.detail.currency_code)
          return send(
            422,
            err('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
              { field: `/items/${index}/unit_amount/currency_code`, issue: 'CURRENCY_MISMATCH' },
            ]),
          );
        try {
          toMinor(item.unit_amount.value, input.detail.currency_code);
        } catch {
          return send(
            422,
            err('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
              { field: `/items/${index}/unit_amount/value`, issue: 'DECIMAL_PRECISION' },
            ]),
          );
        }
      }
      const discount = input.amount?.breakdown?.discount;
      if (discount) {
        const code = input.detail.currency_code;
        const itemsMinor = input.items.reduce((sum, item) => sum + Number(item.quantity) * toMinor(item.unit_amount.value, code), 0);
        if (discount.invoice_discount.amount.currency_code !== code || toMinor(discount.invoice_discount.amount.value, code) > itemsMinor)
          return send(
            422,
            err('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
              { field: '/amount/breakdown/discount/invoice_discount/amount', issue: 'INVALID_DISCOUNT' },
            ]),
          );
      }
      sequence += 1;
      const id = `INV2-FAKE-${String(sequence).padStart(4, '0')}`;
      const invoice: FakePayPalInvoice = {
        id,
        status: 'DRAFT',
        detail: {
          ...input.detail,
          invoice_number: String(1000 + sequence),
          metadata: { create_time: options.now().toISOString(), recipient_view_url: `https://www.sandbox.paypal.com/invoice/p/#${id}` },
        },
        primary_recipients: input.primary_recipients,
        items: input.items,
        amount: {
          currency_code: '',
          value: '',
          breakdown: {
            item_total: { currency_code: '', value: '' },
            tax_total: { currency_code: '', value: '' },
            ...(discount ? { discount } : {}),
          },
        },
        due_amount: { currency_code: '', value: '' },
      };
      refreshAmounts(invoice);
      invoices.set(id, invoice);
      return answer(201, invoice);
    }
    const invoiceMatch = /^\/v2\/invoicing\/invoices\/([^/]+)(\/send)?$/.exec(path);
    if (invoiceMatch) {
      const invoice = invoices.get(invoiceMatch[1]!);
      if (!invoice)
        return send(404, err('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ issue: 'INVALID_RESOURCE_ID' }]));
      if (request.method === 'GET' && !invoiceMatch[2]) return send(200, invoice);
      if (request.method === 'POST' && invoiceMatch[2]) {
        if (invoice.status !== 'DRAFT')
          return send(
            422,
            err('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
              { issue: 'CANNOT_SEND_INVOICE', description: `the invoice is ${invoice.status}` },
            ]),
          );
        invoice.status = 'UNPAID';
        return answer(200, { href: invoice.detail.metadata.recipient_view_url, rel: 'payer-view', method: 'GET' });
      }
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refundMatch) {
      const capture = captures.get(refundMatch[1]!);
      if (!capture)
        return send(404, err('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ issue: 'INVALID_RESOURCE_ID' }]));
      const asked = (body as { amount?: { value: string; currency_code: string } } | null)?.amount;
      const amountMinor = asked ? toMinor(asked.value, capture.currency) : capture.amountMinor - capture.refundedMinor;
      if (amountMinor <= 0 || capture.refundedMinor + amountMinor > capture.amountMinor)
        return send(
          422,
          err('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
            { field: '/amount/value', issue: 'REFUND_AMOUNT_EXCEEDED' },
          ]),
        );
      capture.refundedMinor += amountMinor;
      const id = `REF-${randomUUID().slice(0, 8).toUpperCase()}`;
      refunds.push({ id, captureId: refundMatch[1]!, amountMinor, currency: capture.currency, requestId });
      const invoice = invoices.get(capture.invoiceId)!;
      invoice.status = capture.refundedMinor === capture.amountMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      const code = capture.currency.toUpperCase();
      invoice.refunds = {
        refund_amount: { currency_code: code, value: toPayPalValue(capture.refundedMinor, capture.currency) },
        transactions: [
          ...(invoice.refunds?.transactions ?? []),
          { refund_id: id, amount: { currency_code: code, value: toPayPalValue(amountMinor, capture.currency) } },
        ],
      };
      return answer(201, { id, status: 'COMPLETED', amount: { currency_code: code, value: toPayPalValue(amountMinor, capture.currency) } });
    }
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const input = body as Record<string, unknown> | null;
      const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
      const missing = required.find((key) => !input?.[key]);
      if (missing)
        return send(
          400,
          err('VALIDATION_ERROR', 'Invalid request - see details', [{ field: missing, issue: 'MISSING_REQUIRED_PARAMETER' }]),
        );
      const event = JSON.stringify(input!.webhook_event);
      const signed = `${String(input!.transmission_id)}|${String(input!.transmission_time)}|${String(input!.webhook_id)}|${crc32(event)}`;
      const verified =
        input!.auth_algo === 'SHA256withRSA' &&
        input!.cert_url === `${baseUrl}/v1/notifications/certs/CERT-FAKE` &&
        createVerify('RSA-SHA256').update(signed).verify(publicKey, String(input!.transmission_sig), 'base64');
      return send(200, { verification_status: verified ? 'SUCCESS' : 'FAILURE' });
    }
    return send(404, err('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ issue: 'INVALID_RESOURCE_ID' }]));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(err('INTERNAL_SERVER_ERROR', String(error))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    invoices,
    refunds,
    rateLimitNext(seconds, times = 1) {
      limited = { seconds, times };
    },
    pay(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice || invoice.status !== 'UNPAID') throw new Error(`invoice ${invoiceId} is not payable (${invoice?.status})`);
      const currency = invoice.detail.currency_code.toLowerCase();
      const amountMinor = toMinor(invoice.amount.value, currency);
      const captureId = `CAP-${randomUUID().slice(0, 8).toUpperCase()}`;
      captures.set(captureId, { invoiceId, amountMinor, currency, refundedMinor: 0 });
      invoice.status = 'PAID';
      invoice.payments = {
        paid_amount: { currency_code: invoice.amount.currency_code, value: invoice.amount.value },
        transactions: [
          { payment_id: captureId, method: 'PAYPAL', amount: { currency_code: invoice.amount.currency_code, value: invoice.amount.value } },
        ],
      };
      refreshAmounts(invoice);
      return captureId;
    },
    webhook(event, transmissionTime, { webhookId = FAKE_PAYPAL_WEBHOOK_ID } = {}) {
      const rawBody = JSON.stringify(event);
      const transmissionId = randomUUID();
      const signed = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(rawBody)}`;
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': createSign('RSA-SHA256').update(signed).sign(privateKey, 'base64'),
          'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-FAKE`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
