// packages/util/format/round.ts
function round(value, digits) {
  const factor = 10 ** digits;
  return Math.sign(value) * Math.round(Math.abs(value) * factor) / factor;
}

// packages/util/format/index.ts
function formatPrice(cents, currency = "$") {
  return `${currency}${round(cents / 100, 2).toFixed(2)}`;
}
export {
  formatPrice
};

//# sourceMappingURL=<inline map>
