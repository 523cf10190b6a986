/** The look both components share: a private helper of each. */
export const variants = { primary: 'ui-primary', quiet: 'ui-quiet' } as const;
export type Variant = keyof typeof variants;
