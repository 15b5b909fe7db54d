import { InfoIcon } from '../../index';
import { useMaintenanceNotice } from '../../api';
import * as styles from './MaintenanceBanner.css';

/** The maintenance notice staff post in System Settings, on every signed-in page; nothing when there is none. */
export function MaintenanceBanner() {
  const notice = useMaintenanceNotice().data?.notice;
  if (!notice) return null;
  return (
    <div role="region" aria-label="Maintenance notice" className={styles.banner}>
      <span className={styles.icon} aria-hidden="true">
        <InfoIcon />
      </span>
      <p className={styles.text}>{notice}</p>
    </div>
  );
}
