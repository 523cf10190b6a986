// kit-asset:packages/ui/button/cart.svg
var cart_default = new URL("../assets/button/cart.svg", import.meta.url).href;

// packages/ui/button/index.ts
import { formatPrice } from "@shop/util/format";
function createBuyButton(label, cents) {
  const button = document.createElement("button");
  button.className = "buy-button";
  const icon = document.createElement("img");
  icon.src = cart_default;
  icon.alt = "";
  icon.className = "buy-button__icon";
  button.append(icon, `${label} \xB7 ${formatPrice(cents)}`);
  return button;
}
export {
  createBuyButton
};

//# sourceMappingURL=<inline map>
