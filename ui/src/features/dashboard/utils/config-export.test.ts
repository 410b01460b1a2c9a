import { describe, expect, it } from 'vitest';
import { configFileName, configJson, summariseValue } from './config-export.ts';

describe('config panel', () => {
  it('summarises every config value in words, nested ones too', () => {
    expect(summariseValue({ step1: 3, step2: 5, step3: 7 })).toBe('Step 1: 3 · Step 2: 5 · Step 3: 7');
    expect(summariseValue({ automaticCycles: true, autoApply: false })).toBe('Automatic cycles: on · Auto apply: off');
    const sending = summariseValue({ window: { days: [1, 2], start: '08:00', end: '17:00' }, gapMinutes: { min: 8, max: 15 } });
    expect(sending).toBe('Window: days 1, 2, start 08:00, end 17:00 · Gap minutes: min 8, max 15');
    expect(sending).not.toContain('[object Object]');
  });

  it('exports the entries as the API gives them', () => {
    const entries: Parameters<typeof configJson>[0] = [{ configKey: 'cadenceTiming', configValue: { step1: 3, step2: 5, step3: 7 } }];
    expect(JSON.parse(configJson(entries))).toEqual(entries);
    expect(configFileName('acme')).toBe('meetflow-config-acme.json');
  });
});
