import type { InputHTMLAttributes, Ref } from 'react';
import * as styles from './Input.css';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Marks the value as wrong (aria-invalid); Field sets it when it shows an error. */
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ invalid, className, ...props }: InputProps) {
  return (
    <input
      {...props}
      aria-invalid={invalid || props['aria-invalid'] || undefined}
      className={className ? `${styles.input} ${className}` : styles.input}
    />
  );
}
