/** A build reserved by the caller that will make it: settled with its result. */
export interface Reservation<T> {
  settle(build: T): void;
  fail(error: unknown): void;
}

/**
 * Builds a caller is about to make together (`compileAll`: a page's first judgement, `kit
 * build`), by build key. A request for one of them waits for that build rather than making
 * its own beside it, and asks the caller to make it sooner (`promote`): a page's modules are
 * asked for while the workspace is judged, in an order the judgement does not know.
 */
export class ReservedBuilds<T> {
  private readonly reserved = new Map<string, { build: Promise<T>; promote: () => void }>();

  reserve(key: string, promote: () => void): Reservation<T> {
    let settle!: (build: T) => void;
    let fail!: (error: unknown) => void;
    const build = new Promise<T>((resolve, reject) => ((settle = resolve), (fail = reject)));
    // A reservation no request waited for fails unheard.
    build.catch(() => undefined);
    const entry = { build, promote };
    this.reserved.set(key, entry);
    const release = () => this.reserved.get(key) === entry && this.reserved.delete(key);
    // Settled once: a reservation already settled is not failed after.
    let open = true;
    return {
      settle: (done) => open && ((open = false), release(), settle(done)),
      fail: (error) => open && ((open = false), release(), fail(error)),
    };
  }

  /** The reserved build of `key`, moved ahead; undefined when none is reserved. */
  take(key: string): Promise<T> | undefined {
    const entry = this.reserved.get(key);
    entry?.promote();
    return entry?.build;
  }
}
