/** Text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON inside a script element: `</script>` and `<!--` cannot close or confuse it. */
export function inScript(json: string): string {
  return json.replace(/</g, '\\u003c');
}
