import { describe, expect, it } from 'vitest';
import { PIPELINE_ID_PATTERN, pipelineIdFromName } from './new-pipeline.ts';

describe('pipelineIdFromName', () => {
  it('makes a kebab-case id that starts with a letter', () => {
    expect(pipelineIdFromName('Score & write v2')).toBe('score-write-v2');
    expect(pipelineIdFromName('  Café Leads ')).toBe('cafe-leads');
    expect(pipelineIdFromName('2024 leads')).toBe('pipeline-2024-leads');
    expect(pipelineIdFromName('!!')).toBe('');
    expect(PIPELINE_ID_PATTERN.test(pipelineIdFromName('Score & write v2'))).toBe(true);
  });
});
