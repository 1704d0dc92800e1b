import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

describe('loadConfig', () => {
  it('gives defaults pointing at the local services', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/charchat');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.LLM_PROVIDER).toBe('local');
    expect(config.LLM_THREADS).toBeGreaterThanOrEqual(1);
  });

  it('reads the CSP origin lists, empty by default', () => {
    expect(loadConfig({}).CSP_ASSET_ORIGINS).toEqual([]);
    expect(
      loadConfig({ CSP_AD_ORIGINS: 'https://ads.example.com, https://*.cdn.example:8443' })
        .CSP_AD_ORIGINS,
    ).toEqual(['https://ads.example.com', 'https://*.cdn.example:8443']);
  });

  it('reads DATABASE_READ_URL as a list of replicas, none by default', () => {
    expect(loadConfig({}).DATABASE_READ_URL).toEqual([]);
    expect(
      loadConfig({
        DATABASE_READ_URL:
          'postgres://app@replica-1:5432/charchat, postgresql://app@replica-2/charchat',
      }).DATABASE_READ_URL,
    ).toEqual(['postgres://app@replica-1:5432/charchat', 'postgresql://app@replica-2/charchat']);
    expect(loadConfig({}).DATABASE_READ_MAX_LAG_MS).toBe(1000);
  });

  it('reads REDIS_CLUSTER_NODES as the seed nodes of a Redis Cluster, none by default', () => {
    expect(loadConfig({}).REDIS_CLUSTER_NODES).toEqual([]);
    expect(
      loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:7000, 10.0.0.2:7001,[::1]:7002' })
        .REDIS_CLUSTER_NODES,
    ).toEqual([
      { host: 'redis-1', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
  });

  it('keeps uploads on the local disk unless STORAGE=s3 names a whole bucket', () => {
    expect(loadConfig({}).STORAGE).toBe('local');
    const s3 = {
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'charchat-uploads',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3)).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1' });
    expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow(
      'Configuration error: S3_BUCKET is missing; STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Not A Bucket' })).toThrow(ConfigError);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', 'a port number from 0 to 65535'],
    ['LLM_PROVIDER', 'claude', 'one of local, openai'],
    ['DATABASE_URL', 'mysql://localhost/x', 'a postgres:// URL'],
    ['DATABASE_READ_URL', 'postgres://ok@replica/db,redis://nope', 'a comma-separated list'],
    ['DATABASE_READ_MAX_LAG_MS', '-1', 'milliseconds, a whole number, 0 or more'],
    ['REDIS_URL', 'nope', 'a redis:// URL'],
    ['REDIS_CLUSTER_NODES', 'redis-1', 'host:port'],
    ['REDIS_CLUSTER_NODES', 'redis-1:7000,redis-2', 'host:port'],
    ['REDIS_CLUSTER_NODES', 'redis://redis-1:7000', 'host:port'],
    ['REDIS_CLUSTER_NODES', 'redis-1:0', 'host:port'],
    ['REDIS_CLUSTER_NODES', 'redis-1:65536', 'host:port'],
    ['REDIS_CLUSTER_NODES', ':7000', 'host:port'],
    ['REDIS_CLUSTER_NODES', 'redis-1:7000;flushall', 'host:port'],
    ['REDIS_CLUSTER_NODES', 'user:pass@redis-1:7000', 'host:port'],
    ['REDIS_PREFIX', 'app{1}:', 'letters, digits'],
    ['WORKER_CONCURRENCY', '0', 'a whole number above 0'],
    ['LLM_THREADS', '-2', 'a whole number above 0'],
    ['CSP_ASSET_ORIGINS', "https://cdn.example.com; script-src 'unsafe-inline'", 'origins'],
    ['CSP_AD_ORIGINS', 'https://ads.example.com/path', 'origins'],
    ['CSP_AD_ORIGINS', 'javascript:alert(1)', 'origins'],
  ])('rejects %s=%s with one line naming it', (name, value, expected) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      expect(message).toContain(name);
      expect(message).toContain(expected);
      expect(message).not.toContain('\n');
    }
  });

  it('refuses production without AUTH_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('AUTH_SECRET is missing');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).AUTH_SECRET).toBe(
      'x'.repeat(32),
    );
  });

  it('reads TRUST_PROXY as the proxies to trust, none when unset', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['proxy.example.com', '10.0.0.0/33', '2', '127.0.0.1,'])(
    'refuses TRUST_PROXY=%s naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY.*proxy addresses/);
    },
  );

  it('uses the sandbox age verification outside production only', () => {
    const secret = { AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).AGE_VERIFICATION_PROVIDER).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).AGE_VERIFICATION_PROVIDER).toBe(
      'disabled',
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AGE_VERIFICATION_PROVIDER: 'sandbox', ...secret }),
    ).toThrow(/AGE_VERIFICATION_PROVIDER=sandbox is not valid in production/);
  });
});
