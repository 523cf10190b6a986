/** Rounds half away from zero to `digits` decimals (a private helper of the module). */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.sign(value) * Math.round(Math.abs(value) * factor) / factor;
}
