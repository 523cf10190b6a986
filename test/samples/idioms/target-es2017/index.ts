// An ES2017 target: optional chaining, nullish coalescing and class fields are lowered.
interface Config {
  retries?: { count?: number };
  name?: string | null;
}
class Client {
  static instances = 0;
  retries: number;
  name = 'client';
  #secret = 'hidden';
  constructor(config: Config) {
    Client.instances++;
    this.retries = config.retries?.count ?? 3;
    this.name = config.name ?? this.name;
  }
  reveal() {
    return this.#secret.length;
  }
}
const a = new Client({});
const b = new Client({ retries: { count: 0 }, name: null });
export const result = [a.retries, b.retries, a.name, b.name, a.reveal(), Client.instances];
