import { clsx, type ClassValue } from 'clsx';

/** Joins class names, as shadcn's `cn` does (without tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
