import { jsx, jsxs } from 'preact/jsx-runtime';
import { render } from 'preact';
import { Button } from '@vite/web/button';
// packages/web/src/lib/utils.ts
/** The class names that are set, joined (shadcn's `cn`, without its dependencies). */ function cn(...names) {
	return names.filter(Boolean).join(" ") + " /* from src/lib/utils */";
}
// packages/web/src/app/main.tsx
const title = {
	"BASE_URL": "/",
	"MODE": "development",
	"DEV": true,
	"PROD": false,
	"SSR": false
}.VITE_TITLE ?? "kit";
function App() {
	return /*#__PURE__*/ jsxs("main", {
		class: cn("app", false, "ready"),
		children: [/*#__PURE__*/ jsx("h1", { children: title }), /*#__PURE__*/ jsx(Button, { label: "Go" })]
	});
}
/** Renders the app into `parent`. */ function mount(parent) {
	render(/*#__PURE__*/ jsx(App, {}), parent);
}
export { mount, title };

//# sourceMappingURL=<inline map>
