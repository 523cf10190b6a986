import { useState } from 'react';
// A declared asset (module.json's "assets"): the import is its address.
import reactLogo from './assets/react.svg';
import './App.css';

export default function App() {
  const [count, setCount] = useState(0);

  return (
    <main className="app">
      <a href="https://react.dev" target="_blank" rel="noreferrer">
        <img src={reactLogo} className="logo" alt="React logo" />
      </a>
      <h1>kit + React</h1>
      <div className="card">
        <button type="button" onClick={() => setCount((count) => count + 1)}>
          count is {count}
        </button>
        <p>
          Edit <code>packages/_package_/src/App.tsx</code> and save: the page shows your change, the count kept.
        </p>
      </div>
      <p className="hint">
        Edit <code>packages/_package_/src/App.css</code> and save: the page takes the new style in place, and the count stays.
      </p>
    </main>
  );
}
