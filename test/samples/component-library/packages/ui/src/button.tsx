import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'ghost';
}

export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
  return <button type="button" className={['acme-button', `acme-button--${variant}`, className].filter(Boolean).join(' ')} {...props} />;
}
