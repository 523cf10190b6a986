import { variants, type Variant } from '@/components/variants';

export function Button({ label, variant = 'primary' }: { label: string; variant?: Variant }) {
  return <button class={variants[variant]}>{label}</button>;
}
