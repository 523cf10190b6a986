// The stylesheet packages/ui/src/styles/globals.css: the page links it (…/styles/globals.css); importing it runs nothing.
export {};

//# sourceMappingURL=<inline map>
