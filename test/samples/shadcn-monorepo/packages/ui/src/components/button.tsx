import type { ComponentProps } from 'react';
import { cn } from '@workspace/ui/lib/utils';

/** A button in the design system's look: its colours are the theme's (globals.css). */
export function Button({ className, ...props }: ComponentProps<'button'>) {
  return <button className={cn('inline-flex items-center rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground', className)} {...props} />;
}
