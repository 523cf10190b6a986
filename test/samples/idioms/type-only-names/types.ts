export interface Options {
  size: number;
}
export type Size = 'small' | 'large';
export const defaults: Options = { size: 3 };
