import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const KEYS = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('Stripe configuration', () => {
  it('is off without a secret key: the public page then sells only free registrations', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: '  ' }).stripe).toBeNull();
  });

  it('talks to api.stripe.com over HTTPS by default', () => {
    expect(loadConfig(KEYS).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      api: { host: 'api.stripe.com', port: 443, protocol: 'https' },
    });
  });

  it('gives the client the host, port and protocol of STRIPE_API_URL (a local fake)', () => {
    expect(loadConfig({ ...KEYS, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(loadConfig({ ...KEYS, STRIPE_API_URL: 'http://[::1]/' }).stripe?.api).toEqual({
      host: '::1',
      port: 80,
      protocol: 'http',
    });
    expect(loadConfig({ ...KEYS, STRIPE_SECRET_KEY: 'rk_live_restricted' }).stripe?.secretKey).toBe(
      'rk_live_restricted',
    );
  });

  it('says clearly what is wrong', () => {
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...KEYS, STRIPE_SECRET_KEY: 'pk_test_public' })).toThrow(
      /STRIPE_SECRET_KEY: a secret key/,
    );
    expect(() => loadConfig({ ...KEYS, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: the endpoint/,
    );
    expect(() => loadConfig({ ...KEYS, STRIPE_API_URL: 'ftp://stripe.test' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ ...KEYS, STRIPE_API_URL: 'https://api.stripe.com/v1' })).toThrow(
      /STRIPE_API_URL: a bare address/,
    );
  });
});
