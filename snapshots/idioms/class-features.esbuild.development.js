const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/class-features", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
var Account = class Account {
    static #opened = 0;
    static kind;
    static{
        Account.kind = "account";
    }
    #balance = 0;
    #owner = "nobody";
    get owner() {
        return this.#owner;
    }
    set owner(_) {
        this.#owner = _;
    }
    constructor(){
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

});
export let result;
__kit.exports("./index.ts", (e) => ({ result } = e));

