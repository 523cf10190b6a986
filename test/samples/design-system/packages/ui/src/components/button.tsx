import type { ComponentChildren } from 'preact';
import { cn } from '@acme/ui/lib/utils';
import { variants, type Variant } from './variants';

export function Button({ variant = 'primary', onClick, children }: { variant?: Variant; onClick?: () => void; children: ComponentChildren }) {
  return (
    <button class={cn('ui-button', variants[variant])} onClick={onClick}>
      {children}
    </button>
  );
}
