import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { NODE_ENV: 'test', DATA_DIR: '.tmp/config-test', AUTH_SECRET: 'x'.repeat(32) } as const;

describe('configuration', () => {
  it('defaults to the embedded database, the outbox and port 3000', () => {
    const c = loadConfig({ ...base });
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe('pglite');
    expect(c.mail.kind).toBe('outbox');
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('switches to PostgreSQL and SMTP when configured', () => {
    const c = loadConfig({ ...base, DATABASE_URL: 'postgres://u@db:5432/app', SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://medicprep.app/' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/app' });
    expect(c.mail).toEqual({ kind: 'smtp', url: 'smtp://mail:25' });
    expect(c.publicUrl).toBe('https://medicprep.app');
  });

  it('fails fast with a message that names each bad variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '.tmp/config-test' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ ...base, AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
});
