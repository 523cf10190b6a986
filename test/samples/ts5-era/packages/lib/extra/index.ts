export const extra: number = 1;
