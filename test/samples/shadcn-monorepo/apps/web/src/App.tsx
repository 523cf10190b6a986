import { useState } from 'react';
import { Button } from '@workspace/ui/components/button';
import styles from '@workspace/ui/button.module.css';

export function App() {
  const [count, setCount] = useState(0);
  return (
    <div id="page" className="flex min-h-svh flex-col items-start gap-4 p-6">
      <h1 id="title" className="text-2xl font-bold">Project ready!</h1>
      <Button id="cta" className={styles.button} onClick={() => setCount(count + 1)}>
        <span className={styles.label}>clicked {count}</span>
      </Button>
    </div>
  );
}
