import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';

function Counter({ start }: { start: number }) {
  const [count, setCount] = useState(start);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <button id="counter" data-mounted={String(mounted)} onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}

/** Renders the counter into `parent`. */
export function mountCounter(parent: HTMLElement, start = 0): void {
  render(<Counter start={start} />, parent);
}
