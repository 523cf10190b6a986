/** Joins the class names that are set, as shadcn's `cn` does (without tailwind-merge). */
export function cn(...classes: (string | false | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
