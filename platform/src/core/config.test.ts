import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database and local Temporal', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      externalMongo: false,
      externalTemporal: false,
      mongoUri: 'mongodb://127.0.0.1:27027/meetflow',
      temporalAddress: '127.0.0.1:7233',
      devstack: { temporalUiPort: 8233 },
    });
  });

  it('uses MONGODB_URI and TEMPORAL_ADDRESS when they are set', () => {
    const config = loadConfig({ MONGODB_URI: 'mongodb://mongo:27017/meetflow', TEMPORAL_ADDRESS: 'temporal:7233' });
    expect(config).toMatchObject({
      mongoUri: 'mongodb://mongo:27017/meetflow',
      externalMongo: true,
      temporalAddress: 'temporal:7233',
      externalTemporal: true,
    });
  });

  it('treats empty variables as unset and "off" as a headless Temporal', () => {
    expect(loadConfig({ PORT: '', MEETFLOW_TEMPORAL_UI_PORT: 'off' })).toMatchObject({
      port: 3000,
      devstack: { temporalUiPort: undefined },
    });
  });

  it('names every bad variable in one error', () => {
    const attempt = () => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', MONGODB_URI: 'postgres://x', TEMPORAL_ADDRESS: 'nope' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT="abc"', 'LOG_LEVEL="loud"', 'MONGODB_URI="postgres://x"', 'TEMPORAL_ADDRESS="nope"']) {
      expect(message).toContain(name);
    }
  });

  it('reads plugin settings as JSON and refuses anything else', () => {
    expect(loadConfig({ MEETFLOW_PLUGINS_CONFIG: '{"lead-scoring":{"qualificationThreshold":75}}' }).plugins).toEqual({
      'lead-scoring': { qualificationThreshold: 75 },
    });
    expect(() => loadConfig({ MEETFLOW_PLUGINS_CONFIG: '[1,2]' })).toThrow(/MEETFLOW_PLUGINS_CONFIG="\[1,2\]": must be a JSON object/);
    expect(() => loadConfig({ MEETFLOW_PLUGINS_CONFIG: '{oops' })).toThrow(/MEETFLOW_PLUGINS_CONFIG/);
  });

  it('knows where the sample sites are, and seeds from them only when seeding is on', () => {
    const served = { MEETFLOW_SAMPLES_URL: 'http://127.0.0.1:3100/' };
    expect([loadConfig(served).samplesUrl, loadConfig(served).seed]).toEqual([
      'http://127.0.0.1:3100',
      { samplesUrl: 'http://127.0.0.1:3100' },
    ]);
    expect([loadConfig({ ...served, MEETFLOW_SEED: 'off' }).samplesUrl, loadConfig({ ...served, MEETFLOW_SEED: 'off' }).seed]).toEqual([
      'http://127.0.0.1:3100',
      null,
    ]);
    expect([loadConfig({}).samplesUrl, loadConfig({}).seed]).toEqual([null, null]);
  });

  it('configures the optional LLM only when a base URL is given', () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(loadConfig({ MEETFLOW_LLM_BASE_URL: 'http://127.0.0.1:9999/v1', MEETFLOW_LLM_API_KEY: 'k' }).llm).toEqual({
      baseUrl: 'http://127.0.0.1:9999/v1',
      apiKey: 'k',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      maxTokens: 2048,
    });
    expect(loadConfig({ MEETFLOW_HTTP_ALLOW_HOSTS: '127.0.0.1:8080, localhost ' }).httpAllowHosts).toEqual(['127.0.0.1:8080', 'localhost']);
    expect(loadConfig({ MEETFLOW_MAIL_ALLOW_HOSTS: '127.0.0.1:3025,127.0.0.1:3143' }).mailAllowHosts).toEqual([
      '127.0.0.1:3025',
      '127.0.0.1:3143',
    ]);
    expect(loadConfig({}).mailAllowHosts).toEqual([]);
  });

  it('takes the Stripe secret key invoices are issued with, and never prints a bad one', () => {
    expect(loadConfig({}).stripeSecretKey).toBeNull();
    expect(loadConfig({ MEETFLOW_STRIPE_SECRET_KEY: ' sk_test_abc123 ' }).stripeSecretKey).toBe('sk_test_abc123');
    const attempt = () => loadConfig({ MEETFLOW_STRIPE_SECRET_KEY: 'pk_live_leaked123' });
    expect(attempt).toThrow(/MEETFLOW_STRIPE_SECRET_KEY=\(not shown\): must be a Stripe secret key/);
    expect(attempt).not.toThrow(/leaked/);
  });

  it("takes PayPal's REST app as a pair, and refuses half of it naming the missing one", () => {
    expect(loadConfig({}).paypal).toBeNull();
    expect(loadConfig({ MEETFLOW_PAYPAL_CLIENT_ID: ' app-id ', MEETFLOW_PAYPAL_CLIENT_SECRET: 'app-secret' }).paypal).toEqual({
      clientId: 'app-id',
      clientSecret: 'app-secret',
    });
    expect(() => loadConfig({ MEETFLOW_PAYPAL_CLIENT_ID: 'app-id' })).toThrow(
      /MEETFLOW_PAYPAL_CLIENT_SECRET=\(not shown\): must be set with MEETFLOW_PAYPAL_CLIENT_ID/,
    );
    const secretOnly = () => loadConfig({ MEETFLOW_PAYPAL_CLIENT_SECRET: 'leaked-secret' });
    expect(secretOnly).toThrow(/MEETFLOW_PAYPAL_CLIENT_ID="": must be set with MEETFLOW_PAYPAL_CLIENT_SECRET/);
    expect(secretOnly).not.toThrow(/leaked/);
  });

  it('rejects a port out of range and a bad UI port', () => {
    expect(() => loadConfig({ MEETFLOW_MONGO_PORT: '70000' })).toThrow(/MEETFLOW_MONGO_PORT="70000"/);
    expect(() => loadConfig({ MEETFLOW_TEMPORAL_UI_PORT: 'x' })).toThrow(/MEETFLOW_TEMPORAL_UI_PORT="x": must be a port/);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT="-1"/);
    expect(() => loadConfig({ MEETFLOW_SAMPLES_PORT: '70000' })).toThrow(/MEETFLOW_SAMPLES_PORT="70000": must be a port/);
  });

  it('takes 0 for the API and the sample sites: any free port, chosen as each starts', () => {
    expect(loadConfig({ PORT: '0', MEETFLOW_SAMPLES_PORT: '0' })).toMatchObject({ port: 0, devstack: { samplesPort: 0 } });
    expect(() => loadConfig({ MEETFLOW_MONGO_PORT: '0' })).toThrow(/MEETFLOW_MONGO_PORT="0"/);
  });

  it('runs the local CalDAV server on 5232, any free port with 0, none with off, and names a bad value', () => {
    expect(loadConfig({}).devstack.caldavPort).toBe(5232);
    expect(loadConfig({ MEETFLOW_CALDAV_PORT: '0' }).devstack.caldavPort).toBe(0);
    expect(loadConfig({ MEETFLOW_CALDAV_PORT: 'off' }).devstack.caldavPort).toBeUndefined();
    expect(() => loadConfig({ MEETFLOW_CALDAV_PORT: 'radicale' })).toThrow(/MEETFLOW_CALDAV_PORT="radicale": must be a port/);
  });

  it('reads the secrets key as 32 bytes of base64, and never repeats a bad one', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ MEETFLOW_SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(loadConfig({}).secretsKey).toBeNull();
    const short = Buffer.alloc(31, 7).toString('base64');
    expect(() => loadConfig({ MEETFLOW_SECRETS_KEY: short })).toThrow(
      /MEETFLOW_SECRETS_KEY=\(not shown\): must be 32 random bytes in base64/,
    );
    expect(() => loadConfig({ MEETFLOW_SECRETS_KEY: short })).not.toThrow(short);
    expect([loadConfig({ NODE_ENV: 'production' }).production, loadConfig({}).production]).toEqual([true, false]);
  });

  it('makes no demo owner in production unless asked to', () => {
    expect([loadConfig({}).demo, loadConfig({ MEETFLOW_DEMO: 'off' }).demo]).toEqual([true, false]);
    expect([loadConfig({ NODE_ENV: 'production' }).demo, loadConfig({ NODE_ENV: 'production', MEETFLOW_DEMO: 'on' }).demo]).toEqual([
      false,
      true,
    ]);
  });

  it('reads the system mail server as an smtp(s) URL, and never repeats a bad one (it may hold a password)', () => {
    expect(loadConfig({}).systemMail).toBeNull();
    expect(loadConfig({ MEETFLOW_SYSTEM_MAIL_URL: 'smtp://127.0.0.1:3025' }).systemMail).toEqual({
      url: 'smtp://127.0.0.1:3025',
      from: 'Meetflow <no-reply@meetflow.local>',
    });
    const bad = 'http://mailer:secret@mail.example.com';
    expect(() => loadConfig({ MEETFLOW_SYSTEM_MAIL_URL: bad })).toThrow(/MEETFLOW_SYSTEM_MAIL_URL=\(not shown\): must be an smtp:\/\//);
    expect(() => loadConfig({ MEETFLOW_SYSTEM_MAIL_URL: bad })).not.toThrow('secret');
  });
});
