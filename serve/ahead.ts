import { findModule, staticImports, type CompileOptions, type Compiler, type ModuleBuild, type ModuleInfo, type Workspace } from '../compiler/index.js';

/** How many builds ahead may wait at once: a page's whole import graph, not a workspace's. */
const QUEUE_LIMIT = 256;
/** How many run at once: the rest of the machine stays for the requests. */
const IN_FLIGHT = 2;

/**
 * Builds ahead (CONTRACT §5): when the service has built a module, it starts building the
 * public modules that module imports statically, and theirs in turn, with the same options,
 * so a browser that follows the imports finds them built or being built, and a deep chain
 * costs the server's work rather than a round trip a level. A bounded queue: a request for a
 * module still waiting in it builds it at once (the compiler shares one build between both),
 * and a new discovery of the workspace drops what waits.
 */
export class BuildsAhead {
  private readonly queue: { workspace: Workspace; module: ModuleInfo; options: CompileOptions }[] = [];
  private readonly seen = new Set<string>();
  private workspace?: Workspace;
  private running = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly compiler: Compiler) {}

  /** Queues the builds of the public modules `build` imports statically, and starts them. */
  after(workspace: Workspace, build: ModuleBuild, options: CompileOptions): void {
    if (workspace !== this.workspace) {
      this.workspace = workspace;
      this.queue.length = 0;
      this.seen.clear();
    }
    const platform = options.target === 'browser' ? 'web' : 'node';
    for (const specifier of staticImports(build)) {
      const module = findModule(workspace, specifier);
      const key = `${specifier}?${JSON.stringify(options)}`;
      if (!module || !module.platforms.includes(platform) || this.seen.has(key) || this.queue.length >= QUEUE_LIMIT) continue;
      this.seen.add(key);
      this.queue.push({ workspace, module, options });
    }
    while (this.running < IN_FLIGHT && this.queue.length) void this.runNext();
  }

  /** Resolves once nothing waits or runs (for tests that count a request's own work). */
  settled(): Promise<void> {
    if (!this.running && !this.queue.length) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private async runNext(): Promise<void> {
    const job = this.queue.shift()!;
    this.running++;
    try {
      const build = await this.compiler.compile(job.workspace, job.module, job.options);
      if (build.status === 'valid') this.after(job.workspace, build, job.options);
    } catch {
      // A build ahead that fails is the request's to report, when one comes.
    } finally {
      this.running--;
      if (this.queue.length) void this.runNext();
      else if (!this.running) for (const resolve of this.idle.splice(0)) resolve();
    }
  }
}
