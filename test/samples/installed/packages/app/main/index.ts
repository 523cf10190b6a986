import { html, render } from 'lit';

render(html`<p id="hello">Hello from lit</p>`, document.body);
