import { render } from 'preact';
import { useState } from 'preact/hooks';
import { version } from '@acme/ui';
import { Button } from '@acme/ui/components/button';
import { Card } from '@acme/ui/components/card';

function App() {
  const [count, setCount] = useState(0);
  return (
    <Card title={`Acme UI ${version}`}>
      <Button onClick={() => setCount(count + 1)}>clicked {count}</Button>
    </Card>
  );
}

render(<App />, document.getElementById('app')!);
