import { useState } from 'react';
import { Button } from '@turborepo/ui/button';
import logo from './assets/logo.svg';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <img id="logo" src={logo} alt="" width="32" height="32" />
      <h1 id="title">{import.meta.env.VITE_APP_TITLE}</h1>
      <p id="mode">{import.meta.env.MODE}</p>
      <Button onClick={() => setCount((n) => n + 1)}>count is {count}</Button>
    </main>
  );
}
