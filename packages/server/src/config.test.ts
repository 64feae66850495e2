import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SESSION_IDLE_MINUTES: 60,
      SESSION_ABSOLUTE_MINUTES: 720,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming each bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CORS_ORIGINS: 'not a url' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('splits CORS origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'http://a.test, https://b.test' }).CORS_ORIGINS).toEqual([
      'http://a.test',
      'https://b.test',
    ]);
  });
});
