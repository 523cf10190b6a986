import { Button, Counter } from '@acme/ui';

export default function App() {
  return (
    <main>
      <h1 id="title">Acme UI</h1>
      <Counter label="clicks" />
      <Button variant="ghost" onClick={() => { document.title = 'clicked'; }}>
        ghost
      </Button>
    </main>
  );
}
