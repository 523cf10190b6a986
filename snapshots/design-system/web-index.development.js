import { jsx, jsxs } from 'preact/jsx-runtime';
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { version } from '@acme/ui';
import { Button } from '@acme/ui/components/button';
import { Card } from '@acme/ui/components/card';
// packages/web/src/main.tsx
function App() {
	const [count, setCount] = useState(0);
	return /*#__PURE__*/ jsx(Card, {
		title: `Acme UI ${version}`,
		children: /*#__PURE__*/ jsxs(Button, {
			onClick: () => setCount(count + 1),
			children: ["clicked ", count]
		})
	});
}
render(/*#__PURE__*/ jsx(App, {}), document.getElementById("app"));

//# sourceMappingURL=<inline map>
