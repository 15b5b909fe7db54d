import type { Ref, SelectHTMLAttributes } from 'react';
import * as styles from './Select.css';
import type { SelectSize, SelectWidth } from './Select.variants';

export { selectSizes, selectWidths, type SelectSize, type SelectWidth } from './Select.variants';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  size?: SelectSize;
  width?: SelectWidth;
  /** Marks the value as wrong (aria-invalid); Field sets it when it shows an error. */
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native select in the design system's look: inside a Field, spread the Field's control props on it
 * (`{(control) => <Select {...control} …>}`) so its label, hint and error are wired. Choices are `<option>`s.
 */
export function Select({ size, width, invalid, className, ...props }: SelectProps) {
  const classes = [styles.select({ size, width }), className].filter(Boolean).join(' ');
  return <select {...props} aria-invalid={invalid || props['aria-invalid'] || undefined} className={classes} />;
}
