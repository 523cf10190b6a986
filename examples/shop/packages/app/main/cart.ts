export interface CartLine {
  name: string;
  cents: number;
}

/** One sentence about the cart, with its total formatted by `format`. */
export function describeCart(lines: readonly CartLine[], format: (cents: number) => string): string {
  const total = lines.reduce((sum, line) => sum + line.cents, 0);
  return `${lines.length} items, ${format(total)} in total`;
}
