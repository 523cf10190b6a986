import { LitElement, html } from 'lit';
import { Button } from '@pn/ui/button';

/** The page's element: a status line and a button of the workspace's other package, @pn/ui. */
export class App extends LitElement {
  private readonly button = Object.assign(new Button(), { label: 'go' });

  render() {
    return html`<p class="status">ready</p>${this.button}`;
  }
}

customElements.define('pn-app', App);

declare global {
  interface HTMLElementTagNameMap {
    'pn-app': App;
  }
}
