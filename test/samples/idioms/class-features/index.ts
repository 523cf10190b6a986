// #private members, `#x in`, static blocks and auto-accessors.
class Account {
  static #opened = 0;
  static readonly kind: string;
  static {
    (Account as { kind: string }).kind = 'account';
  }
  #balance = 0;
  accessor owner = 'nobody';
  constructor() {
    Account.#opened++;
  }
  #add(amount: number) {
    this.#balance += amount;
  }
  deposit(amount: number) {
    this.#add(amount);
    return this;
  }
  get balance() {
    return this.#balance;
  }
  static opened() {
    return Account.#opened;
  }
  static isAccount(value: object) {
    return #balance in value;
  }
}

const account = new Account().deposit(5).deposit(7);
account.owner = 'ada';
export const result = [account.balance, Account.opened(), Account.isAccount(account), Account.isAccount({}), Account.kind, account.owner, Object.keys(account)];
