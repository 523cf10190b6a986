/** Greets whoever is named; this module's public API. */
export function greet(name: string): string {
  return `Hello, ${name}!`;
}

// The preview imports this module and calls nothing, so the module shows itself.
const heading = document.createElement('h1');
heading.textContent = greet('{{name}}/main');
document.body.append(heading);
