// packages/lib/class-features/index.ts
var Account = class _Account {
  static #opened = 0;
  static kind;
  static {
    _Account.kind = "account";
  }
  #balance = 0;
  #owner = "nobody";
  get owner() {
    return this.#owner;
  }
  set owner(_) {
    this.#owner = _;
  }
  constructor() {
    _Account.#opened++;
  }
  #add(amount) {
    this.#balance += amount;
  }
  deposit(amount) {
    this.#add(amount);
    return this;
  }
  get balance() {
    return this.#balance;
  }
  static opened() {
    return _Account.#opened;
  }
  static isAccount(value) {
    return #balance in value;
  }
};
var account = new Account().deposit(5).deposit(7);
account.owner = "ada";
var result = [account.balance, Account.opened(), Account.isAccount(account), Account.isAccount({}), Account.kind, account.owner, Object.keys(account)];
export {
  result
};

