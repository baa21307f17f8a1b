import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers the Stripe API calls MedicPrep makes, in Stripe's wire format
 * (form-encoded requests, JSON objects with `object` fields, list envelopes, error envelopes), so the
 * real `stripe` SDK can be pointed at it. It keeps customers and subscriptions in memory.
 */
type Obj = Record<string, any>;

function setPath(target: Obj, key: string, value: string) {
  const parts = key.replace(/\]/g, '').split('[');
  let node: Obj = target;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) node[part] = value;
    else node = node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
  });
}

function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [k, v] of new URLSearchParams(body)) setPath(out, k, v);
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const chunk of req) data += chunk;
  return data;
}

export class FakeStripe {
  customers = new Map<string, Obj>();
  subscriptions = new Map<string, Obj>();
  requests: { method: string; path: string; body: Obj; version?: string }[] = [];
  /** while set, cancelling a subscription (DELETE) answers Stripe's api_error, as during an outage */
  failCancels = false;
  private seq = 0;
  private server!: Server;
  port = 0;

  private id(prefix: string) {
    return `${prefix}_fake${++this.seq}`;
  }

  async start() {
    // node ignores a listener's promise: void says so (a failure here fails the test through the SDK's error)
    this.server = createServer(
      (req, res) =>
        void (async () => {
          const url = new URL(req.url ?? '/', 'http://localhost');
          // Stripe's SDK sends a DELETE's parameters in the query string, like a GET's
          const body = parseForm(req.method === 'DELETE' ? url.search.slice(1) : await readBody(req));
          this.requests.push({ method: req.method!, path: url.pathname, body, version: req.headers['stripe-version'] as string });
          const send = (status: number, json: unknown) => {
            res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.seq}` });
            res.end(JSON.stringify(json));
          };
          if (req.headers.authorization !== 'Bearer sk_test_fake')
            return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
          const query = Object.fromEntries(url.searchParams);
          const list = (data: Obj[], path: string) => send(200, { object: 'list', data, has_more: false, url: path });
          const m = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);

          if (req.method === 'POST' && url.pathname === '/v1/customers') {
            const c = {
              id: this.id('cus'),
              object: 'customer',
              email: body.email ?? null,
              metadata: body.metadata ?? {},
              created: Math.floor(Date.now() / 1000),
            };
            this.customers.set(c.id, c);
            return send(200, c);
          }
          if (req.method === 'GET' && url.pathname === '/v1/customers')
            return list(
              [...this.customers.values()].filter((c) => !query.email || c.email === query.email).slice(0, Number(query.limit ?? 10)),
              '/v1/customers',
            );
          if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
            if (!this.customers.has(body.customer))
              return send(400, {
                error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${body.customer}'` },
              });
            const now = Math.floor(Date.now() / 1000);
            const sub: Obj = {
              id: this.id('sub'),
              object: 'subscription',
              customer: body.customer,
              status: 'incomplete',
              cancel_at_period_end: false,
              metadata: body.metadata ?? {},
              items: {
                object: 'list',
                data: [
                  {
                    id: this.id('si'),
                    object: 'subscription_item',
                    price: { id: body.items?.[0]?.price, object: 'price' },
                    current_period_start: now,
                    current_period_end: now + 30 * 86400,
                  },
                ],
              },
              latest_invoice: this.id('in'),
            };
            this.subscriptions.set(sub.id, sub);
            const expanded = body.expand?.includes('latest_invoice.confirmation_secret');
            return send(200, {
              ...sub,
              latest_invoice: expanded ? this.invoiceOf(sub) : sub.latest_invoice,
            });
          }
          if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
            const expandInvoice = [...url.searchParams.entries()].some(
              ([k, v]) => k.startsWith('expand') && v === 'data.latest_invoice.confirmation_secret',
            );
            return list(
              [...this.subscriptions.values()]
                .filter(
                  (s) =>
                    (!query.customer || s.customer === query.customer) &&
                    (!query.status || query.status === 'all' || s.status === query.status),
                )
                .map((s) => (expandInvoice ? { ...s, latest_invoice: this.invoiceOf(s) } : s)),
              '/v1/subscriptions',
            );
          }
          if (m) {
            const sub = this.subscriptions.get(m[1]!);
            if (!sub)
              return send(404, {
                error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${m[1]}'` },
              });
            if (req.method === 'POST') {
              if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
            }
            // DELETE /v1/subscriptions/:id cancels at once (optional invoice_now, prorate); a cancelled one cannot be cancelled again
            if (req.method === 'DELETE') {
              if (this.failCancels) return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
              if (sub.status === 'canceled')
                return send(400, {
                  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${sub.id}'` },
                });
              const now = Math.floor(Date.now() / 1000);
              Object.assign(sub, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
            }
            return send(200, sub);
          }
          return send(404, {
            error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
          });
        })(),
    );
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  private invoiceOf(sub: Obj) {
    return {
      id: sub.latest_invoice,
      object: 'invoice',
      confirmation_secret: { client_secret: `pi_fake_secret_${sub.id}`, type: 'payment_intent' },
    };
  }

  /** What the customer's card confirmation does at Stripe: the first invoice is paid, the subscription active. */
  pay(subscriptionId: string) {
    const sub = this.subscriptions.get(subscriptionId)!;
    sub.status = 'active';
    return sub;
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}
