export function answer() {
  return 42;
}
