import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators/custom-element.js';
import { property } from 'lit/decorators/property.js';
import { state } from 'lit/decorators/state.js';
import { query } from 'lit/decorators/query.js';

/** A card whose decorators come from four entries of lit: they must share one ReactiveElement. */
@customElement('npm-card')
export class Card extends LitElement {
  static styles = css`p { margin: 0; }`;

  @property() name = 'nobody';
  @state() private clicks = 0;
  @query('button') button!: HTMLButtonElement;

  render() {
    return html`<p class="greeting">Hello, ${this.name}</p><button @click=${() => this.clicks++}>${this.clicks}</button>`;
  }
}
