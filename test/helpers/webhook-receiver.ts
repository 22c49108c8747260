import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Test } from 'tap';
import type { Actor } from './factories.js';
import type { TestApp } from './server.js';

export interface ReceivedWebhook {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly receivedAt: number;
  /** What the receiver answered (its status code), or null when it hung up or never answered. */
  answered: number | null;
}

/** How the receiver answers one request: a status (and headers, body), or 'hang' (never answers). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 that records every request and answers as `respond` says
 * (200 by default). `stop()` closes it (the port stays known, so `listen()` can bring it back).
 */
export async function startReceiver(t: Test, port = 0) {
  const received: ReceivedWebhook[] = [];
  let respond: (request: ReceivedWebhook, index: number) => Answer | Promise<Answer> = () => ({ status: 200 });
  const hanging = new Set<http.ServerResponse>();
  let server: http.Server;
  let boundPort = port;

  const listen = async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const record: ReceivedWebhook = {
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
          answered: null,
        };
        received.push(record);
        void Promise.resolve(respond(record, received.length - 1)).then((answer) => {
          if (answer === 'hang') {
            hanging.add(response);
            return;
          }
          record.answered = answer.status;
          response.writeHead(answer.status, answer.headers ?? {});
          response.end(answer.body ?? 'ok');
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(boundPort, '127.0.0.1', resolve));
    boundPort = (server.address() as AddressInfo).port;
  };
  const stop = async () => {
    for (const response of hanging) response.destroy();
    hanging.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen();
  t.teardown(async () => {
    if (server.listening) await stop();
  });
  return {
    received,
    get url() {
      return `http://127.0.0.1:${boundPort}/hook`;
    },
    get port() {
      return boundPort;
    },
    /** `fn` may answer later (a promise): the request waits for it. */
    answerWith(fn: (request: ReceivedWebhook, index: number) => Answer | Promise<Answer>) {
      respond = fn;
    },
    stop,
    listen,
  };
}

export async function setEndpoint(app: TestApp, actor: Actor, url: string): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/webhook-endpoint',
    headers: actor.headers,
    payload: { url },
  });
  if (res.statusCode !== 201) throw new Error(`PUT /api/webhook-endpoint answered ${res.statusCode}: ${res.payload}`);
  return res.body.data.secret as string;
}

/** The request verified with the `standardwebhooks` package; throws if the signature is wrong. */
export function verify(secret: string, request: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
}

export async function deliveriesOf(app: TestApp, actor: Actor, query = ''): Promise<any[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/webhook-deliveries?limit=100${query}`,
    headers: actor.headers,
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/webhook-deliveries answered ${res.statusCode}`);
  return res.body.data;
}

/** Polls until `check` holds (60 s at most, generous for a busy machine). */
export async function eventually<T>(what: string, check: () => Promise<T | false | null | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
