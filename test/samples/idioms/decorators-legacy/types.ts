export interface Logger {
  log(message: string): void;
}
export class Clock {
  now() {
    return 7;
  }
}
