export interface Patch {
  op: 'replace';
  path: string[];
}
