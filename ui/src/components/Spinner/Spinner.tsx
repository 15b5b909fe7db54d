import { visuallyHidden } from '../../theme/utils.css';
import * as styles from './Spinner.css';
import type { SpinnerSize } from './Spinner.variants';

export { spinnerSizes, type SpinnerSize } from './Spinner.variants';

interface SpinnerGlyphProps {
  size?: SpinnerSize;
  className?: string;
}

/** The turning ring alone, hidden from assistive technology (used inside buttons). */
export function SpinnerGlyph({ size = 'medium', className }: SpinnerGlyphProps) {
  const glyphClass = styles.glyph({ size });
  return (
    <svg
      className={className ? `${glyphClass} ${className}` : glyphClass}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.track} cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export interface SpinnerProps {
  /** What is loading, announced to screen readers, e.g. "Loading application...". */
  label?: string;
  /** Show the label under the ring, or keep it for screen readers only. */
  showLabel?: boolean;
  size?: SpinnerSize;
}

export function Spinner({ label = 'Loading...', showLabel = true, size = 'medium' }: SpinnerProps) {
  return (
    // role="status" makes the label a polite live announcement.
    <div role="status" className={styles.root}>
      <SpinnerGlyph size={size} />
      <span className={showLabel ? styles.label : visuallyHidden}>{label}</span>
    </div>
  );
}
