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
    const c = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://u@db:5432/app',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://medicprep.app/',
    });
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

describe('payment provider (decision 025: no silent sandbox in production)', () => {
  const prod = { NODE_ENV: 'production', DATA_DIR: '.tmp/config-test', AUTH_SECRET: 'x'.repeat(32) } as const;
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_PRICE_ID: 'price_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
  } as const;

  it('refuses production with no Stripe settings and no PAYMENTS=sandbox, naming both ways out', () => {
    expect(() => loadConfig({ ...prod })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod })).toThrow(
      /PAYMENTS: no payment provider in production\. Set STRIPE_SECRET_KEY, STRIPE_PRICE_ID, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...prod })).toThrow(/or set PAYMENTS=sandbox/);
  });

  it('runs the sandbox in production only when PAYMENTS=sandbox says so', () => {
    expect(loadConfig({ ...prod, PAYMENTS: 'sandbox' }).payments).toEqual({ kind: 'sandbox' });
  });

  it('uses Stripe when its key is set, by default or with PAYMENTS=stripe', () => {
    expect(loadConfig({ ...prod, ...stripe }).payments.kind).toBe('stripe');
    expect(loadConfig({ ...prod, ...stripe, PAYMENTS: 'stripe' }).payments.kind).toBe('stripe');
  });

  it('refuses PAYMENTS=stripe without the Stripe keys, and PAYMENTS=sandbox with them', () => {
    expect(() => loadConfig({ ...base, PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: required with PAYMENTS=stripe/);
    expect(() => loadConfig({ ...prod, PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: required with PAYMENTS=stripe/);
    expect(() => loadConfig({ ...prod, ...stripe, PAYMENTS: 'sandbox' })).toThrow(/PAYMENTS: sandbox conflicts with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, PAYMENTS: 'paypal' })).toThrow(/PAYMENTS/);
  });

  it('keeps the sandbox as the default outside production', () => {
    expect(loadConfig({ ...base }).payments).toEqual({ kind: 'sandbox' });
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).payments).toEqual({ kind: 'sandbox' });
  });
});

describe('dev outbox setting (decision 025)', () => {
  it('is on by default in development only, so `npm start` shows the mails with no configuration', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).devOutbox).toBe(true);
    expect(loadConfig({ ...base }).devOutbox).toBe(false);
    expect(loadConfig({ ...base, DEV_OUTBOX: 'on' }).devOutbox).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', DEV_OUTBOX: 'off' }).devOutbox).toBe(false);
  });

  it('never exists with SMTP or in production, and DEV_OUTBOX=on in production is refused', () => {
    expect(loadConfig({ ...base, DEV_OUTBOX: 'on', SMTP_URL: 'smtp://mail:25' }).devOutbox).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PAYMENTS: 'sandbox' }).devOutbox).toBe(false);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PAYMENTS: 'sandbox', DEV_OUTBOX: 'on' })).toThrow(
      /DEV_OUTBOX: cannot be on in production/,
    );
  });
});

describe('load shedding cap (decision 025: busy answers)', () => {
  it('defaults low for the embedded database and higher for a PostgreSQL server', () => {
    expect(loadConfig({ ...base }).maxInFlight).toBe(64);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db:5432/app' }).maxInFlight).toBe(200);
    expect(loadConfig({ ...base, MAX_IN_FLIGHT: '5' }).maxInFlight).toBe(5);
    expect(() => loadConfig({ ...base, MAX_IN_FLIGHT: '0' })).toThrow(/MAX_IN_FLIGHT/);
  });

  it("reads the jobs' schedules (cron, UTC, or off): off under NODE_ENV=test unless set, weekly and monthly elsewhere", () => {
    expect(loadConfig({ ...base }).jobs).toEqual({
      run: true,
      schedules: { 'srs:optimize': null, 'items:calibrate': null, 'readiness:validate': null },
    });
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).jobs.schedules).toEqual({
      'srs:optimize': '0 3 * * 0',
      'items:calibrate': '0 4 1 * *',
      'readiness:validate': '30 4 * * 0',
    });
    const c = loadConfig({ ...base, NODE_ENV: 'development', JOB_SRS_OPTIMIZE: ' 15  2 * * 6 ', JOB_ITEMS_CALIBRATE: 'off', JOBS: 'off' });
    expect(c.jobs.run).toBe(false);
    expect(c.jobs.schedules['srs:optimize']).toBe('15 2 * * 6');
    expect(c.jobs.schedules['items:calibrate']).toBeNull();
    expect(() => loadConfig({ ...base, JOB_READINESS_VALIDATE: '0 25 * * *' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, JOB_READINESS_VALIDATE: '0 25 * * *' })).toThrow(
      /JOB_READINESS_VALIDATE: hour 25 is outside 0–23, or off/,
    );
    expect(() => loadConfig({ ...base, JOBS: 'sometimes' })).toThrow(/JOBS/);
  });
});
