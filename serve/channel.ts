/** One announcement on the development channel. */
export interface ChannelEvent {
  id: number;
  type: string;
  data: unknown;
}

type Listener = (event: ChannelEvent) => void;

/**
 * The event log behind `/events`: every event gets the next cursor; a client that comes back
 * with `Last-Event-ID` gets what it missed while the log still holds it, else `resync`.
 * Memory is bounded: only the last `capacity` events are kept.
 */
export class Channel {
  private log: ChannelEvent[] = [];
  private listeners = new Set<Listener>();
  // Cursors start at the clock, so a cursor from an earlier run of the service is always
  // older than this run's log and gets `resync`, never another run's events.
  private next = Date.now();

  constructor(private readonly capacity = 256) {}

  /** The cursor of the newest event. */
  get cursor(): number {
    return this.next - 1;
  }

  /** How many clients listen now. */
  get subscribers(): number {
    return this.listeners.size;
  }

  publish(type: string, data: unknown): ChannelEvent {
    const event = { id: this.next++, type, data };
    this.log.push(event);
    if (this.log.length > this.capacity) this.log.shift();
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /**
   * Events after `cursor`, or undefined when the client must resync: some of them are no
   * longer held, or the cursor is from another run of the service (it is ahead of ours).
   */
  since(cursor: number): ChannelEvent[] | undefined {
    if (cursor > this.cursor) return undefined;
    if (cursor === this.cursor) return [];
    const oldest = this.log[0]?.id ?? this.next;
    if (cursor + 1 < oldest) return undefined;
    return this.log.filter((e) => e.id > cursor);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
