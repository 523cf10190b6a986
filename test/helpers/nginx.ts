import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { REPO } from './workspace.js';

export const NGINX = process.env.KIT_NGINX ?? '/usr/sbin/nginx';

/** The ```nginx blocks of docs/deploy.md by their label (```nginx static): the configurations as the docs give them. */
export function deployConfig(label: string): string {
  const doc = readFileSync(join(REPO, 'docs', 'deploy.md'), 'utf8');
  const block = [...doc.matchAll(/```nginx ([\w-]+)\n([\s\S]*?)```/g)].find((m) => m[1] === label);
  if (!block) throw new Error(`docs/deploy.md has no \`\`\`nginx ${label} block`);
  return block[2];
}

/** `text` with each `[from, to]` replaced; each `from` must occur exactly once, so the doc and the test cannot drift apart. */
export function substitute(text: string, pairs: [string, string][]): string {
  for (const [from, to] of pairs) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`expected "${from}" once in the configuration, found it ${count} times`);
    text = text.replace(from, to);
  }
  return text;
}

/** A free port on 127.0.0.1 (nginx needs it written in its configuration). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface TestNginx {
  pid: number;
  dir: string;
  process: ChildProcess;
  errors: () => string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx (never a downloaded binary) on 127.0.0.1 with `http(dir)` in its `http`
 * block (`dir` is where it may keep files, a cache say): a main configuration generated in a temp dir that also holds the pid file,
 * the logs and the temp paths. In the foreground (`daemon off`), as the current user;
 * stopped by its PID.
 */
export async function startNginx(http: (dir: string) => string, port: number): Promise<TestNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing; install Debian's nginx (apt-get install nginx), as .ci/run does`);
  const dir = mkdtempSync(join(tmpdir(), 'kit-nginx-'));
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  // Only a master started by root switches user: it stays this user for its workers too.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  writeFileSync(join(dir, 'nginx.conf'), `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http(dir)}
}
`);
  const child = spawn(NGINX, ['-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const errors = () => `${stderr}${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid!, 'SIGQUIT');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const started = Date.now(); !(await accepts(port)); ) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      const why = errors();
      await stop();
      throw new Error(`nginx did not start: ${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { pid: child.pid!, dir, process: child, errors, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** docs/deploy.md's `static` site, as the docs give it, serving `root` on a free port of 127.0.0.1; `url` ends in `/`. */
export async function startStaticSite(root: string): Promise<TestNginx & { url: string }> {
  const port = await freePort();
  const nginx = await startNginx(() => substitute(deployConfig('static'), [['listen 8080;', `listen 127.0.0.1:${port};`], ['root /srv/shop/dist;', `root ${root};`]]), port);
  return Object.assign(nginx, { url: `http://127.0.0.1:${port}/` });
}
