import { html as about } from '@shop/content/about';
import { createBadge } from '@shop/ui/badge';
import { createBuyButton } from '@shop/ui/button';
import { formatPrice } from '@shop/util/format';
import { describeCart, type CartLine } from './cart';

const lines: CartLine[] = [
  { name: 'Notebook', cents: 450 },
  { name: 'Fountain pen', cents: 1999 },
];

const heading = document.createElement('h1');
heading.textContent = 'kit shop';
heading.append(createBadge('preview'));

const summary = document.createElement('p');
summary.id = 'summary';
summary.textContent = describeCart(lines, formatPrice);

const page = document.createElement('section');
page.id = 'about';
page.innerHTML = about;

document.body.append(heading, summary, createBuyButton('Add to cart', 1999), page);
