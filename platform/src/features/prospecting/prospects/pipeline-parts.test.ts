import { describe, expect, it } from 'vitest';
import { sequenceWorkflowId } from '../../email/sequences/enrollment.ts';
import { csvField, csvLine } from './export-csv.ts';
import { industriesNamed } from './industry-match.ts';
import { sequencePrefix, statusOf } from './standing.ts';

describe('a CSV field', () => {
  it('is quoted when it holds a comma, a quote, a line break or edge spaces, quotes doubled', () => {
    expect(csvField('Acme')).toBe('Acme');
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(82)).toBe('82');
    expect(csvField(0)).toBe('0');
  });

  it('defuses what a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+44 20 7946')).toBe("'+44 20 7946");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvField('\t=cmd')).toBe("'\t=cmd");
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('user@example.com')).toBe('user@example.com');
  });

  it('makes CRLF-terminated records', () => {
    expect(csvLine(['id', 1, null, 'a,b'])).toBe('id,1,,"a,b"\r\n');
  });
});

describe('the industry taxonomy read from typed words', () => {
  const labels = (text: string) => industriesNamed(text).map((industry) => industry.label);

  it('names the industries whose label or other name has words starting with every typed word', () => {
    expect(labels('fin')).toEqual(['Financial services & fintech']);
    expect(labels('Sales tech')).toEqual(['Sales technology']);
    expect(labels('ecommerce')).toEqual(['E-commerce & retail']);
    expect(labels('health')).toEqual(['Healthcare']);
    expect(labels('tech')).toEqual(expect.arrayContaining(['Sales technology', 'Marketing technology', 'Healthcare']));
    expect(labels('aerospace')).toEqual([]);
    expect(labels(' & ')).toEqual([]);
  });
});

describe('where a prospect stands', () => {
  it("lists a workspace's sequences by the start email gives their workflow ids", () => {
    expect(sequenceWorkflowId('acme-eu', 42)).toBe(`${sequencePrefix('acme-eu')}42`);
  });

  it("names a prospect's status by its latest run", () => {
    const run = (status: 'running' | 'completed' | 'failed' | 'pending', steps: Record<string, object>) =>
      ({ runId: 'r', status, steps, input: { prospectId: 1 } }) as Parameters<typeof statusOf>[0];
    expect(statusOf(undefined)).toBe('not-processed');
    expect(statusOf(run('pending', {}))).toBe('in-progress');
    expect(statusOf(run('running', { research: { status: 'running' } }))).toBe('in-progress');
    expect(statusOf(run('running', { research: { status: 'failed' } }))).toBe('failed');
    expect(statusOf(run('running', { copy: { status: 'pending', conditionMet: false } }))).toBe('not-qualified');
    expect(statusOf(run('completed', { copy: { status: 'completed' }, outreach: { status: 'completed' } }))).toBe('enrolled');
    expect(statusOf(run('completed', { copy: { status: 'completed', conditionMet: true } }))).toBe('completed');
  });
});
