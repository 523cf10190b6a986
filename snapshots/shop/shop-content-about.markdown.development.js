export const html = "<h2>About the shop</h2>\n<p>We sell <em>good</em> paper and <strong>better</strong> pens. Every page of this shop is a module, served at its own address.</p>";
export default html;
