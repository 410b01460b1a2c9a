import { describe, expect, it } from 'vitest';
import type { PipelineNode } from '../../api/types.ts';
import { serverValueText, settingFields, settingsProblems, withoutSettings, withSetting, type PluginConfig } from './plugin-settings.ts';

const CONFIG: PluginConfig = {
  schema: {
    type: 'object',
    properties: {
      apiKey: { type: 'string', default: '', description: 'The API key.' },
      threshold: { type: 'integer', minimum: 0, maximum: 100, default: 70, description: 'Qualifies at or above.' },
      weights: { type: 'object', properties: { a: { type: 'number' } }, default: { a: 1 }, description: 'Weights.' },
      language: { type: 'string', enum: ['en'], default: 'en' },
      useLlm: { type: 'boolean', default: false },
    },
  },
  defaults: { apiKey: '', threshold: 70, weights: { a: 1 }, language: 'en', useLlm: false },
  values: { threshold: 80, weights: { a: 1 }, language: 'en', useLlm: false },
  serverOnly: ['apiKey'],
};

const NODE: PipelineNode = { id: 'score', activity: 'lead-scoring.scoreProspect', input: {} };

describe('settingFields', () => {
  it("offers every top-level field but the server-only ones, objects as JSON, each with the server's value", () => {
    expect(settingFields(CONFIG).map((field) => [field.key, field.kind, field.serverValue])).toEqual([
      ['threshold', 'integer', 80],
      ['weights', 'json', { a: 1 }],
      ['language', 'enum', 'en'],
      ['useLlm', 'boolean', false],
    ]);
    expect(settingFields(CONFIG)[0]?.description).toBe('Qualifies at or above.');
    expect(settingFields(undefined)).toEqual([]);
  });

  it('falls back on the defaults for a value the server does not give', () => {
    expect(settingFields({ ...CONFIG, values: {} })[0]?.serverValue).toBe(70);
  });
});

describe('serverValueText', () => {
  it('shows text as is, switches as on/off, the rest as compact JSON', () => {
    expect([
      serverValueText('Europe/London'),
      serverValueText(''),
      serverValueText(true),
      serverValueText({ a: 1 }),
      serverValueText(3),
    ]).toEqual(['Europe/London', '(empty)', 'on', '{ "a": 1 }', '3']);
  });
});

describe('withSetting', () => {
  it("sets and unsets one of the step's settings, dropping a config left empty", () => {
    const set = withSetting(NODE, 'threshold', 90);
    expect(set.config).toEqual({ threshold: 90 });
    expect(withSetting(set, 'useLlm', true).config).toEqual({ threshold: 90, useLlm: true });
    expect(withSetting(set, 'threshold', undefined)).toEqual(NODE);
    expect(withoutSettings(withSetting(set, 'useLlm', true))).toEqual(NODE);
  });
});

describe('settingsProblems', () => {
  it('puts each problem under its setting (an inner field named) and the rest above the form', () => {
    const at = (field: string, message: string) => ({ at: `nodes.score.${field}`, nodeId: 'score', field, message });
    const { byField, other } = settingsProblems(
      [
        at('config.threshold', 'node "score" config field "threshold": Too big: expected number to be <=100'),
        at('config.weights.a', 'node "score" config field "weights.a": Too small: expected number to be >=0'),
        at('config.colour', 'node "score" config field "colour": is not a setting of Lead Scoring (it has threshold)'),
        at('config', 'node "score" config: weights must add up'),
        at('input.prospect', 'node "score" field "prospect" is required: map it'),
      ],
      ['threshold', 'weights'],
    );
    expect(Object.fromEntries(byField)).toEqual({
      threshold: ['Too big: expected number to be <=100'],
      weights: ['a: Too small: expected number to be >=0'],
    });
    expect(other).toEqual(['colour: Not a setting of Lead Scoring (it has threshold)', 'Weights must add up']);
  });
});
