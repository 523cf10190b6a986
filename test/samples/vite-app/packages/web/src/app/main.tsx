import '@/styles/app.css';
import { render } from 'preact';
import { Button } from '@vite/web/button';
import { cn } from '@/lib/utils';

export const title: string = import.meta.env?.VITE_TITLE ?? 'kit';

function App() {
  return (
    <main class={cn('app', false, 'ready')}>
      <h1>{title}</h1>
      <Button label="Go" />
    </main>
  );
}

/** Renders the app into `parent`. */
export function mount(parent: HTMLElement): void {
  render(<App />, parent);
}
