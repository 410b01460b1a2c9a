// Properties of reading an inbound reply's threading headers (parseInboundMessage), the pure part
// of reply threading: handleInbound looks up [inReplyTo, ...references] among the sent emails'
// Message-IDs, then falls back to the sender's address (that lookup needs the database, so it is
// not covered here).
// - a reply whose References hold a sent Message-ID yields that id, bracketed, whatever the other
//   ids, their order, brackets and the whitespace or folding between them, whatever In-Reply-To
//   says and whoever sent it;
// - In-Reply-To yields its (first) id bracketed, whether the header gave it bracketed or bare;
// - every id read is one bracketed token, and the sender is read as the address, lowercased;
// - any input either parses or is refused with an InboundParseError, never another error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InboundParseError, parseInboundMessage, type InboundMessage } from './parse-message.ts';

const messageId = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,15}$/), fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z0-9]{1,8}){0,2}$/))
  .map(([local, domain]) => `${local}@${domain}`);

/** Whitespace between ids: spaces, tabs, and a header folded onto the next line. */
const gap = fc.constantFrom(' ', '  ', '\t', '\r\n ', '\r\n\t', ' \r\n   ');
const edge = fc.constantFrom('', ' ', '\t', '\r\n ');

const sender = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,12}$/),
    fc.stringMatching(/^[A-Za-z0-9]{1,10}\.[A-Za-z]{2,5}$/),
    fc.option(fc.constantFrom('Ada Lovelace', 'Grace', 'Dana Meyer')),
  )
  .map(([local, domain, name]) => ({ address: `${local}@${domain}`, name }));

/** A plain reply with the given threading header lines. */
function reply(from: { address: string; name: string | null }, headers: string[]): string {
  return [
    `From: ${from.name ? `"${from.name}" <${from.address}>` : from.address}`,
    'To: alex@brightline.test',
    'Subject: Re: Quick question about your pipeline',
    'Date: Tue, 3 Nov 2026 10:00:00 +0000',
    'Message-ID: <reply-1@mail.acme.test>',
    ...headers,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Sounds good, Tuesday works.',
    '',
  ].join('\r\n');
}

async function parsedReply(raw: string): Promise<Extract<InboundMessage, { kind: 'reply' }>> {
  const message = await parseInboundMessage(raw);
  if (message.kind !== 'reply') throw new Error(`expected a reply, got a ${message.kind}`);
  return message;
}

const BRACKETED_ID = /^<[^<>\s]+>$/;

describe('parseInboundMessage threading headers (properties)', () => {
  it('reads a sent Message-ID out of References, whatever else the header and In-Reply-To hold, whoever sent it', async () => {
    const references = fc
      .record({
        sent: messageId,
        others: fc.array(messageId, { maxLength: 5 }),
        at: fc.nat(),
        bracketed: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        gaps: fc.array(gap, { minLength: 6, maxLength: 6 }),
        lead: edge,
        tail: fc.constantFrom('', ' ', '\t'),
      })
      .map(({ sent, others, at, bracketed, gaps, lead, tail }) => {
        const ids = [...others];
        ids.splice(at % (others.length + 1), 0, sent);
        const text = ids.map((id, index) => (bracketed[index] ? `<${id}>` : id));
        return {
          sent,
          header: `References:${lead || ' '}${text.map((id, index) => (index === 0 ? id : `${gaps[index]}${id}`)).join('')}${tail}`,
        };
      });
    const inReplyTo = fc.option(messageId.map((id) => `In-Reply-To: <${id}>`));
    await fc.assert(
      fc.asyncProperty(references, inReplyTo, sender, async ({ sent, header }, inReplyHeader, from) => {
        const message = await parsedReply(reply(from, [...(inReplyHeader ? [inReplyHeader] : []), header]));
        const ids = [message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id));
        expect(ids).toContain(`<${sent}>`);
        expect(message.references).toContain(`<${sent}>`);
        for (const id of ids) expect(id).toMatch(BRACKETED_ID);
      }),
      { numRuns: 100 },
    );
  });

  it('reads In-Reply-To as its one id, bracketed, whether the header gave it bracketed or bare', async () => {
    await fc.assert(
      fc.asyncProperty(messageId, fc.boolean(), edge, fc.constantFrom('', ' ', '\t'), sender, async (id, bracketed, lead, tail, from) => {
        const header = `In-Reply-To:${lead || ' '}${bracketed ? `<${id}>` : id}${tail}`;
        const message = await parsedReply(reply(from, [header]));
        expect(message.inReplyTo).toBe(`<${id}>`);
        expect(message.references).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('reads the first of several In-Reply-To ids, bracketed or bare', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(messageId, { minLength: 2, maxLength: 4 }),
        fc.boolean(),
        gap,
        sender,
        async (ids, bracketed, between, from) => {
          const header = `In-Reply-To: ${ids.map((id) => (bracketed ? `<${id}>` : id)).join(between)}`;
          const message = await parsedReply(reply(from, [header]));
          expect(message.inReplyTo).toBe(`<${ids[0]}>`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads the sender's address, lowercased, and its name", async () => {
    await fc.assert(
      fc.asyncProperty(sender, async (from) => {
        const message = await parsedReply(reply(from, []));
        expect(message.from).toBe(from.address.toLowerCase());
        expect(message.fromName).toBe(from.name);
        expect(message.inReplyTo).toBeNull();
        expect(message.references).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('parses any input or refuses it with an InboundParseError, never another error', async () => {
    const headerLine = fc
      .tuple(
        fc.constantFrom('From', 'To', 'Subject', 'In-Reply-To', 'References', 'Message-ID', 'Content-Type', 'Date', 'X-Anything'),
        fc.string({ maxLength: 40 }),
      )
      .map(([name, value]) => `${name}: ${value}`);
    const raw = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc
        .tuple(fc.array(headerLine, { maxLength: 8 }), fc.string({ maxLength: 80 }))
        .map(([lines, body]) => `${lines.join('\r\n')}\r\n\r\n${body}`),
    );
    await fc.assert(
      fc.asyncProperty(raw, async (input) => {
        try {
          const message = await parseInboundMessage(input);
          if (message.kind === 'reply')
            for (const id of [message.inReplyTo, message.messageId, ...message.references]) if (id) expect(id).toMatch(/^</);
        } catch (error) {
          expect(error).toBeInstanceOf(InboundParseError);
        }
      }),
      { numRuns: 100 },
    );
  });
});
