import { describe, expect, it } from 'vitest';
import { ProvisionError, requireTool } from './provision.ts';

describe('requireTool', () => {
  it('names a missing tool and the command that installs it', () => {
    expect(() => requireTool('mvn-that-is-not-here', 'apt-get install -y maven')).toThrow(ProvisionError);
    expect(() => requireTool('mvn-that-is-not-here', 'apt-get install -y maven')).toThrow(
      'mvn-that-is-not-here is not installed; install it with:  apt-get install -y maven',
    );
  });

  it('accepts a tool that is there', () => {
    expect(() => requireTool('java', 'apt-get install -y openjdk-17-jre-headless')).not.toThrow();
  });
});
