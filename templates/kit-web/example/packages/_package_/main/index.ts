import './styles.css';

/** Greets whoever is named; this module's public API. */
export function greet(name: string): string {
  return `Hello, ${name}!`;
}

// The preview imports this module and calls nothing, so the module shows itself.
const card = document.createElement('main');
card.className = 'card';
card.innerHTML = `
  <h1></h1>
  <button type="button" class="counter"></button>
  <p>Edit <code>packages/_package_/main/styles.css</code> and save: the page takes the new style in place, and the count stays.</p>
  <p>Edit <code>packages/_package_/main/index.ts</code> and save: the page reloads, and the count starts again.</p>
`;
card.querySelector('h1')!.textContent = greet('{{name}}/main');
document.body.append(card);

// The count lives in the page: a stylesheet swap keeps it, a reload resets it.
const counter = card.querySelector<HTMLButtonElement>('.counter')!;
let count = 0;
const show = () => (counter.textContent = `count is ${count}`);
counter.addEventListener('click', () => {
  count += 1;
  show();
});
show();
