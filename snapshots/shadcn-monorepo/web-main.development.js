import { jsx, jsxs } from 'react/jsx-runtime';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@workspace/ui/globals.css';
import { Button } from '@workspace/ui/components/button';
import styles from '@workspace/ui/button.module.css';
// apps/web/src/App.tsx
function App() {
	const [count, setCount] = useState(0);
	return /*#__PURE__*/ jsxs("div", {
		id: "page",
		className: "flex min-h-svh flex-col items-start gap-4 p-6",
		children: [/*#__PURE__*/ jsx("h1", {
			id: "title",
			className: "text-2xl font-bold",
			children: "Project ready!"
		}), /*#__PURE__*/ jsx(Button, {
			id: "cta",
			className: styles.button,
			onClick: () => setCount(count + 1),
			children: /*#__PURE__*/ jsxs("span", {
				className: styles.label,
				children: ["clicked ", count]
			})
		})]
	});
}
// apps/web/src/main.tsx
createRoot(document.getElementById("root")).render(/*#__PURE__*/ jsx(StrictMode, { children: /*#__PURE__*/ jsx(App, {}) }));

//# sourceMappingURL=<inline map>
