import { PassThrough } from 'node:stream';

/** Response headers of a `text/event-stream` answer; `no-transform` keeps proxies from buffering it. */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

export interface EventStream {
  /** The response body to hand to hapi. */
  readonly stream: PassThrough;
  /** Writes one message: a `data:` line with the JSON object, then a blank line. */
  send(message: Record<string, unknown>): void;
  /** Ends the stream and stops the heartbeat. */
  close(): void;
}

/**
 * A server-sent event stream that outlives its reader: once the client has gone (hapi destroys
 * the stream), `send` and `close` do nothing, so the work producing the messages carries on
 * unaware. While open, a comment line (`: heartbeat`) every `heartbeatMs` keeps proxies and
 * clients from timing the connection out during long stages.
 */
export function createEventStream(heartbeatMs: number): EventStream {
  const stream = new PassThrough();
  // A write racing the client's disconnect must not become an unhandled 'error' event.
  stream.on('error', () => {});
  const open = () => !stream.destroyed && !stream.writableEnded;
  const heartbeat = setInterval(() => {
    if (open()) stream.write(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  stream.once('close', () => clearInterval(heartbeat));
  return {
    stream,
    send: (message) => {
      if (open()) stream.write(`data: ${JSON.stringify(message)}\n\n`);
    },
    close: () => {
      clearInterval(heartbeat);
      if (open()) stream.end();
    },
  };
}
