import type * as Native from 'typescript-native/unstable/async';

/** The message and its chain of elaborations, each level indented by two spaces, as TypeScript flattens them. */
export function flatten(diagnostic: Native.Diagnostic, indent = 0): string {
  let text = indent ? `\n${'  '.repeat(indent)}${diagnostic.text}` : diagnostic.text;
  for (const next of diagnostic.messageChain ?? []) text += flatten(next, indent + 1);
  return text;
}

/** Line and character (0-based, UTF-16) of a position in `text`. */
export function lineLocator(text: string): (position: number) => { line: number; character: number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return (position) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= position) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: position - starts[low]! };
  };
}
