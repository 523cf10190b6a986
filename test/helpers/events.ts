/** One module of a `build.ended` announcement. */
export interface Announced {
  vspecifier: string;
  status: 'valid' | 'invalid';
  hash: string;
  styles?: string;
}

export interface EventStream {
  /**
   * The oldest `build.ended` of `vspecifier` not yet returned, announced since the stream
   * opened (waited for when there is none): the service has seen an edit once it announces it.
   */
  built(vspecifier: string, timeout?: number): Promise<Announced>;
  /**
   * The first announcement of `vspecifier` after which `address` (its code or its stylesheet)
   * serves that very build: the hash announced as its ETag, or 422 for a failed build. An
   * announcement of work begun before the edit (a previous test's) may come first.
   */
  served(vspecifier: string, address: string, timeout?: number): Promise<{ announced: Announced; response: Response }>;
  /** The vspecifiers of each `build.ended` so far, one list per announcement, in the order they came. */
  announcements(): string[][];
  close(): void;
}

/**
 * Follows a service's `/events` as the development runtime does. Open it before an edit, then
 * wait with `built()`: a running service serves an edit once its watcher reported it, which
 * the announcement of the rebuilt module tells a client.
 */
export async function openEvents(url: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(new URL('/events', url), { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const announced: Announced[] = [];
  const batches: string[][] = [];
  let text = '';
  let wake = () => {};
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  void (async () => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (/^event: subscribed$/m.test(block)) subscribed();
          const data = /^event: build\.ended\ndata: (.*)$/m.exec(block)?.[1];
          if (data) {
            const { modules } = JSON.parse(data) as { modules: Announced[] };
            announced.push(...modules);
            batches.push(modules.map((m) => m.vspecifier));
          }
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  await ready;
  return {
    async built(vspecifier, timeout = 15_000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const at = announced.findIndex((m) => m.vspecifier === vspecifier);
        if (at >= 0) return announced.splice(at, 1)[0];
        if (Date.now() > deadline) throw new Error(`no build.ended for ${vspecifier} within ${timeout} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
    async served(vspecifier, address, timeout = 15_000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const announced = await this.built(vspecifier, Math.max(0, deadline - Date.now()));
        const response = await fetch(new URL(address, url));
        const hash = address.includes('/styles/') ? announced.styles : announced.hash;
        if (announced.status === 'valid' ? response.headers.get('etag') === `"${hash}"` : response.status === 422) return { announced, response };
        await response.arrayBuffer();
      }
    },
    announcements: () => batches.map((batch) => [...batch]),
    close: () => controller.abort(),
  };
}
