export class Counter {
  private total = 0;
  add(n: number): number {
    this.total += n;
    return this.total;
  }
}
