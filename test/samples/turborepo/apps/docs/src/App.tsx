import { Button } from '@turborepo/ui/button';

export default function App() {
  return (
    <main>
      <h1 id="title">{import.meta.env.VITE_APP_TITLE}</h1>
      <Button onClick={() => alert('docs')}>read the docs</Button>
    </main>
  );
}
