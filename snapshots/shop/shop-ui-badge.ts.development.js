// packages/ui/badge/index.ts
/** A small label, declared by module.json alone (no exports entry) and built by the ts bundler. */ function createBadge(text) {
	const badge = document.createElement("span");
	badge.textContent = text;
	badge.style.cssText = "margin-left:.5rem;padding:.1rem .4rem;border-radius:4px;background:#fde68a;font:12px system-ui";
	return badge;
}
export { createBadge };

//# sourceMappingURL=<inline map>
