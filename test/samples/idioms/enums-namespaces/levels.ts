export const enum Level {
  Low = 1,
  High = Low * 9,
}
export enum Shape {
  Square,
  Circle = 'circle',
}
