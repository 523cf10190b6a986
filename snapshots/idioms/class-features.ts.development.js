// packages/lib/class-features/index.ts
let Account = class Account {
	static #opened = 0;
	static kind;
	static {
		Account.kind = "account";
	}
	#balance = 0;
	#___private_owner_1 = "nobody";
	get owner() {
		return this.#___private_owner_1;
	}
	set owner(_v) {
		this.#___private_owner_1 = _v;
	}
	constructor() {
		Account.#opened++;
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
		return Account.#opened;
	}
	static isAccount(value) {
		return #balance in value;
	}
};
const account = new Account().deposit(5).deposit(7);
account.owner = "ada";
const result = [
	account.balance,
	Account.opened(),
	Account.isAccount(account),
	Account.isAccount({}),
	Account.kind,
	account.owner,
	Object.keys(account)
];
export { result };

