import { useState } from 'react';
import { Button } from './button';

/** A button that counts its clicks: state kept by the application's React. */
export function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <Button id="counter" onClick={() => setCount((n) => n + 1)}>
      {label}: {count}
    </Button>
  );
}
