// packages/ui/src/index.ts
/** The design system's version, as its root module exports it. */ const version = "1.0.0";
export { version };

//# sourceMappingURL=<inline map>
