import { describe, expect, it } from 'vitest';
import { ENTRY_PATTERN, parseEntry } from './entry.ts';

describe('a suppression list entry', () => {
  it('is an address, lowercased and trimmed', () => {
    expect(parseEntry('  Ada.Lane+news@Acme.Example ')).toEqual({ email: 'ada.lane+news@acme.example', kind: 'address' });
    expect(parseEntry("o'brien@mail.acme.co.uk")).toEqual({ email: "o'brien@mail.acme.co.uk", kind: 'address' });
  });

  it('is a whole domain written example.com, @example.com or *@example.com, stored *@example.com', () => {
    for (const written of ['acme.example', '@acme.example', '*@ACME.example', ' acme.example '])
      expect(parseEntry(written), written).toEqual({ email: '*@acme.example', kind: 'domain' });
    expect(parseEntry('xn--bcher-kva.example')).toEqual({ email: '*@xn--bcher-kva.example', kind: 'domain' });
  });

  it('is refused, with why, when it is neither', () => {
    const problems: Array<[string, RegExp]> = [
      ['', /blank/],
      ['   ', /blank/],
      ['ada@', /not an email address/],
      ['ada@acme', /not an email address/],
      ['@', /not a domain/],
      ['*@acme', /not a domain/],
      ['acme', /neither an email address nor a domain/],
      ['ada lane@acme.example', /one address or domain per line/],
      ['a@acme.example, b@acme.example', /one address or domain per line/],
      ['Ada <ada@acme.example>', /one address or domain per line/],
      ['https://acme.example/', /web address/],
      ['*.acme.example', /wildcard/],
      ['ada..lane@acme.example', /not an email address/],
      ['-acme.example', /neither/],
      [`${'a'.repeat(330)}.example`, /longer than 320/],
    ];
    for (const [written, problem] of problems) expect(parseEntry(written), written).toEqual({ problem: expect.stringMatching(problem) });
  });

  it('in a path, matches the documented pattern in each written form, and not a phrase', () => {
    for (const written of ['ada@acme.example', '*@acme.example', '@acme.example', 'acme.example', 'Ada@ACME.example'])
      expect(ENTRY_PATTERN.test(written), written).toBe(true);
    for (const written of ['Not Valid!', '!', '0', 'ada lane@acme.example']) expect(ENTRY_PATTERN.test(written), written).toBe(false);
  });

  // Issue #18: the pattern is what the OpenAPI document shows, so it must take exactly what parseEntry takes.
  it('is taken exactly when it matches the documented pattern', () => {
    const samples = [
      ...['ada@acme.example', ' Ada@ACME.example\t', '\u00a0acme.example', '*@acme.example', '@acme.example', "o'brien@mail.acme.co.uk"],
      ...[`${'a'.repeat(65)}@acme.example`, 'a@b.c', 'a@-b.com', 'a@b-.com', 'a@b.c0m', 'a.@b.com', '.a@b.com', '*@', 'x@y@z.com'],
      ...['ada@acme.example\u0085', 'ada@acme.example\u001c', 'xn--bcher-kva.example', '0.example', 'a@0.example', '', '\u2028'],
    ];
    for (const written of samples) expect(['problem' in parseEntry(written), written]).toEqual([!ENTRY_PATTERN.test(written), written]);
  });
});
