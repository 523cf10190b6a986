export declare const enum Level {
  Low = 1,
  High = Low * 9,
}
export const enum Mode {
  Light = 'light',
  Dark = 'dark',
}
export interface Named {
  name: string;
}
