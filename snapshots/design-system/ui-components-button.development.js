import { jsx } from 'preact/jsx-runtime';
import { cn } from '@acme/ui/lib/utils';
// packages/ui/src/components/variants.ts
/** The look both components share: a private helper of each. */ const variants = {
	primary: "ui-primary",
	quiet: "ui-quiet"
};
// packages/ui/src/components/button.tsx
function Button({ variant = "primary", onClick, children }) {
	return /*#__PURE__*/ jsx("button", {
		class: cn("ui-button", variants[variant]),
		onClick,
		children
	});
}
export { Button };

//# sourceMappingURL=<inline map>
