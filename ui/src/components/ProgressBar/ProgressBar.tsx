import * as styles from './ProgressBar.css';

export interface ProgressBarProps {
  /** What is progressing, e.g. "Amazon sync progress": the bar's accessible name. */
  label: string;
  /** How much is done; `null` or absent while the end is not known (the bar then moves without a value). */
  value?: number | null;
  /** The amount that means done. */
  max?: number;
  /** The progress in words, read instead of a bare number, e.g. "340 of 1,198 listings read". */
  valueText?: string;
}

/**
 * A progress bar: determinate when both the value and its maximum are known, indeterminate
 * otherwise (no aria-valuenow, as ARIA asks). It is no live region: announce the outcome apart.
 */
export function ProgressBar({ label, value, max = 100, valueText }: ProgressBarProps) {
  const determinate = value !== null && value !== undefined && max > 0;
  const now = determinate ? Math.min(max, Math.max(0, value)) : undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? max : undefined}
      aria-valuenow={now}
      aria-valuetext={valueText}
      aria-busy={determinate ? undefined : true}
      className={styles.track}
    >
      <div
        className={styles.indicator({ determinate })}
        style={now === undefined ? undefined : { transform: `scaleX(${now / max})` }}
      />
    </div>
  );
}
