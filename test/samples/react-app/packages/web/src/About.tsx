import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

interface Stack {
  name: string;
  libraries: string[];
}

// Resolved in the page: no request leaves it.
function fetchStack(): Promise<Stack> {
  return new Promise((resolve) => {
    setTimeout(() => resolve({ name: 'kit', libraries: ['react', 'react-router', 'zustand', '@tanstack/react-query', 'clsx', 'lucide-react'] }), 20);
  });
}

export default function About() {
  const { data, isPending } = useQuery({ queryKey: ['stack'], queryFn: fetchStack });

  return (
    <section className="about">
      <h1>About</h1>
      {isPending ? (
        <p id="stack">Loading…</p>
      ) : (
        <p id="stack">
          Built by {data?.name} with {data?.libraries.join(', ')}
        </p>
      )}
      <Link to="/">Back home</Link>
    </section>
  );
}
