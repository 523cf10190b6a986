/** The class names that are set, joined (shadcn's `cn`, without its dependencies). */
export function cn(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ') + ' /* from src/lib/utils */';
}
