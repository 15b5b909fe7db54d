import type { ReactNode } from 'react';
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from '../icons';
import * as styles from './Alert.css';
import type { AlertTone } from './Alert.variants';

export { alertTones, type AlertTone } from './Alert.variants';

const toneIcons = {
  info: InfoIcon,
  positive: CheckCircleIcon,
  caution: AlertTriangleIcon,
  critical: AlertCircleIcon,
} satisfies Record<AlertTone, unknown>;

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
}

/** An inline message; the icon repeats the tone so colour is never the only cue. */
export function Alert({ tone = 'info', title, children }: AlertProps) {
  const Icon = toneIcons[tone];
  return (
    // Problems interrupt (alert); other messages are announced politely (status).
    <div role={tone === 'critical' || tone === 'caution' ? 'alert' : 'status'} className={styles.alert({ tone })}>
      <span className={styles.icon}>
        <Icon />
      </span>
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
