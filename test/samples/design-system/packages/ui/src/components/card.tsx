import type { ComponentChildren } from 'preact';
import { cn } from '@acme/ui/lib/utils';
import { variants } from './variants';

export function Card({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class={cn('ui-card', variants.quiet)}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
