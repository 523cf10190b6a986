import { jsx } from 'preact/jsx-runtime';
// packages/web/src/components/variants.ts
const variants = {
	primary: "button-primary",
	ghost: "button-ghost"
};
// packages/web/src/components/button.tsx
function Button({ label, variant = "primary" }) {
	return /*#__PURE__*/ jsx("button", {
		class: variants[variant],
		children: label
	});
}
export { Button };

//# sourceMappingURL=<inline map>
