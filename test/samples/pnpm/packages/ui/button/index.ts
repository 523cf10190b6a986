import { LitElement, css, html } from 'lit';

/** A button that counts its clicks. */
export class Button extends LitElement {
  static properties = { label: { type: String }, clicks: { state: true } };
  static styles = css`button { font: inherit; }`;

  declare label: string;
  declare clicks: number;

  constructor() {
    super();
    this.label = 'press';
    this.clicks = 0;
  }

  render() {
    return html`<button @click=${() => this.clicks++}>${this.label} ${this.clicks}</button>`;
  }
}

customElements.define('pn-button', Button);

declare global {
  interface HTMLElementTagNameMap {
    'pn-button': Button;
  }
}
