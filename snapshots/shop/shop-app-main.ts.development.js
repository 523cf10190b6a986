import { html } from '@shop/content/about';
import { createBadge } from '@shop/ui/badge';
import { createBuyButton } from '@shop/ui/button';
import { formatPrice } from '@shop/util/format';
// packages/app/main/cart.ts
/** One sentence about the cart, with its total formatted by `format`. */ function describeCart(lines, format) {
	const total = lines.reduce((sum, line) => sum + line.cents, 0);
	return `${lines.length} items, ${format(total)} in total`;
}
// packages/app/main/index.ts
const lines = [{
	name: "Notebook",
	cents: 450
}, {
	name: "Fountain pen",
	cents: 1999
}];
const heading = document.createElement("h1");
heading.textContent = "kit shop";
heading.append(createBadge("preview"));
const summary = document.createElement("p");
summary.id = "summary";
summary.textContent = describeCart(lines, formatPrice);
const page = document.createElement("section");
page.id = "about";
page.innerHTML = html;
document.body.append(heading, summary, createBuyButton("Add to cart", 1999), page);

//# sourceMappingURL=<inline map>
