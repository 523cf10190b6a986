import { round } from './round';

/** Formats an amount of cents as a price, e.g. 1999 → "$19.99". */
export function formatPrice(cents: number, currency = '$'): string {
  return `${currency}${round(cents / 100, 2).toFixed(2)}`;
}
