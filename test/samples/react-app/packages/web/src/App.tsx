import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, Link, NavLink, Outlet, RouterProvider } from 'react-router';
import clsx from 'clsx';
import reactLogo from './assets/react.svg';
import About from './About.tsx';
import LikeButton from './LikeButton.tsx';
import './App.css';

const queryClient = new QueryClient();

// Hash history: the page is one index.html, served at /preview/ by `kit run` and at / from
// dist/ by a static server that knows no other paths.
const router = createHashRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Home /> },
      { path: 'about', element: <About /> },
    ],
  },
]);

function Layout() {
  return (
    <>
      <nav className="nav">
        <NavLink to="/" end className={({ isActive }) => clsx('nav-link', isActive && 'active')}>
          Home
        </NavLink>
        <NavLink to="/about" className={({ isActive }) => clsx('nav-link', isActive && 'active')}>
          About
        </NavLink>
        <LikeButton />
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function Home() {
  const [count, setCount] = useState(0);

  return (
    <>
      <div>
        <a href="https://react.dev" target="_blank">
          <img src={reactLogo} className="logo react" alt="React logo" />
        </a>
      </div>
      <h1>React on kit</h1>
      <div className="card">
        <button id="counter" onClick={() => setCount((count) => count + 1)}>
          count is {count}
        </button>
        <p>
          Edit <code>src/App.tsx</code> and save to see the page reload
        </p>
      </div>
      <p className="read-the-docs">
        <Link to="/about">Read about this app</Link>
      </p>
    </>
  );
}

function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

export default App;
