/** The design system's version, as its root module exports it. */
export const version = '1.0.0';
