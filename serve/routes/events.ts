import { getQuery, type H3Event } from 'h3';
import type { Answer, StreamSink } from '../answer.js';
import type { ChannelEvent } from '../channel.js';
import type { ServiceContext } from '../context.js';
import { requestHeader } from '../request.js';

const HEARTBEAT_MS = 15_000;

/**
 * `GET /events`: Server-Sent Events. Starts with `subscribed` (the cursor), replays what a
 * returning client missed (`Last-Event-ID`, or `?since=` with the cursor its page was made
 * at) or tells it to `resync`, then streams the
 * channel, with a comment line every 15 s so proxies keep the connection open. `subscribed`
 * waits for the file watcher's first scan (milliseconds, once, after start): from then on,
 * every edit is announced.
 */
export function answerEvents(ctx: ServiceContext, event: H3Event): Answer {
  // Read now: the request is not looked at once the stream is open.
  const lastId = Number(requestHeader(event, 'last-event-id') ?? getQuery(event).since ?? NaN);
  return {
    kind: 'stream',
    type: 'text/event-stream; charset=utf-8',
    open(sink) {
      let unsubscribe = () => {};
      let heartbeat: NodeJS.Timeout | undefined;
      let closed = false;
      void (ctx.freshness?.settled ?? Promise.resolve()).then(() => {
        if (closed) return;
        unsubscribe = subscribe(ctx, sink, lastId);
        heartbeat = setInterval(() => sink.write(': heartbeat\n\n'), HEARTBEAT_MS);
      });
      return () => {
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
      };
    },
  };
}

/** Writes the opening of the stream and what the client missed, and follows the channel. */
function subscribe(ctx: ServiceContext, sink: StreamSink, lastId: number): () => void {
  const write = (e: ChannelEvent) => {
    sink.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`);
    if (e.type === 'stopping') sink.end();
  };
  sink.write('retry: 1000\n\n'); // reconnect within a second after the service restarts
  const cursor = ctx.channel.cursor;
  // A reconnect's Last-Event-ID, else the cursor of the page that opened the stream (`?since=`).
  if (Number.isInteger(lastId) && lastId >= 0) {
    const missed = ctx.channel.since(lastId);
    if (missed) missed.forEach(write);
    else write({ id: cursor, type: 'resync', data: { cursor } });
  }
  write({ id: cursor, type: 'subscribed', data: { cursor } });
  return ctx.channel.subscribe(write);
}
