export const variants = { primary: 'button-primary', ghost: 'button-ghost' } as const;

export type Variant = keyof typeof variants;
