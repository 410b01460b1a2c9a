// A Meetflow webhook receiver (README, "Webhooks", quotes this file): verifies the signature, refuses old timestamps, dedupes by event id.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export function webhookReceiver(secret: string, onEvent: (event: { id: string; type: string; data: unknown }) => void): Server {
  const seen = new Set<string>(); // keep it in your database in production
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parts = String(req.headers['meetflow-signature'] ?? '')
        .split(',')
        .map((part) => part.split('='));
      const t = Number(parts.find(([key]) => key === 't')?.[1]);
      const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
      const valid = parts.some(([key, hex]) => key === 'v1' && hex?.length === 64 && timingSafeEqual(Buffer.from(hex, 'hex'), expected));
      if (!valid) return void res.writeHead(401).end('bad signature');
      if (!(Math.abs(Date.now() / 1000 - t) <= 300)) return void res.writeHead(400).end('timestamp too old');
      const event = JSON.parse(body) as { id: string; type: string; data: unknown };
      if (!seen.has(event.id)) onEvent(event); // Meetflow-Event-Id is event.id: a retry or replay repeats it
      seen.add(event.id);
      res.writeHead(200).end('ok');
    });
  });
}
