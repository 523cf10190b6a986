import './styles/button.css';
import cartIcon from './cart.svg';
import { formatPrice } from '@shop/util/format';

/** A button that adds an item to the cart, showing its price. */
export function createBuyButton(label: string, cents: number): HTMLButtonElement {
  const button = document.createElement('button');
  button.className = 'buy-button';
  const icon = document.createElement('img');
  icon.src = cartIcon;
  icon.alt = '';
  icon.className = 'buy-button__icon';
  button.append(icon, `${label} · ${formatPrice(cents)}`);
  return button;
}
