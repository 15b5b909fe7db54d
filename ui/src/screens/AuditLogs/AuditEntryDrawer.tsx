import {
  Badge,
  Drawer,
  DrawerContent,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '../../index';
import type { AuditEntry, AuditScope } from '../../api';
import { actionLabel, diffRows, personText, targetText, timeText } from './auditTexts';
import * as styles from './AuditLogs.css';

const personLine = (person: AuditEntry['actor']) =>
  person === null ? 'System' : [personText(person), person.email].filter(Boolean).join(' · ');

/** One entry: who, when, from where, to what, and its before and after side by side. */
export function AuditEntryDrawer({
  entry,
  scope,
  onClose,
}: {
  entry: AuditEntry | null;
  scope: AuditScope;
  onClose: () => void;
}) {
  return (
    <Drawer open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {entry ? (
        <DrawerContent title={actionLabel(entry.action)} description={timeText(entry.occurredAt)}>
          <dl className={styles.facts}>
            <dt className={styles.factLabel}>Who</dt>
            <dd className={styles.factValue}>{personLine(entry.actor)}</dd>
            {entry.impersonator ? (
              <>
                <dt className={styles.factLabel}>Impersonating admin</dt>
                <dd className={styles.factValue}>
                  <Badge tone="caution">{personLine(entry.impersonator)}</Badge>
                </dd>
              </>
            ) : null}
            {scope === 'staff' ? (
              <>
                <dt className={styles.factLabel}>Account</dt>
                <dd className={`${styles.factValue} ${styles.mono}`}>{entry.accountId ?? 'None (platform)'}</dd>
              </>
            ) : null}
            <dt className={styles.factLabel}>Target</dt>
            <dd className={styles.factValue}>{targetText(entry)}</dd>
            <dt className={styles.factLabel}>IP address</dt>
            <dd className={`${styles.factValue} ${styles.mono}`}>{entry.ip ?? '—'}</dd>
            <dt className={styles.factLabel}>Browser</dt>
            <dd className={`${styles.factValue} ${styles.muted}`}>{entry.userAgent ?? '—'}</dd>
            <dt className={styles.factLabel}>Action code</dt>
            <dd className={`${styles.factValue} ${styles.mono}`}>{entry.action}</dd>
          </dl>
          <BeforeAndAfter entry={entry} />
          {entry.details !== null ? (
            <>
              <h3 className={styles.diffTitle}>Details</h3>
              <pre className={styles.diffValue}>{JSON.stringify(entry.details, null, 2)}</pre>
            </>
          ) : null}
        </DrawerContent>
      ) : null}
    </Drawer>
  );
}

function BeforeAndAfter({ entry }: { entry: AuditEntry }) {
  if (entry.before === null && entry.after === null)
    return (
      <>
        <h3 className={styles.diffTitle}>Before and after</h3>
        <Text tone="secondary">Nothing changed in a record: this entry notes an event.</Text>
      </>
    );
  const rows = diffRows(entry.before, entry.after);
  return (
    <>
      <h3 className={styles.diffTitle}>Before and after</h3>
      <Table caption="Before and after" hideCaption>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Field</TableHeaderCell>
            <TableHeaderCell>Before</TableHeaderCell>
            <TableHeaderCell>After</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.field} className={row.changed ? styles.changed : undefined}>
              <TableCell className={styles.diffField}>{row.field}</TableCell>
              <TableCell className={styles.diffValue}>{row.before}</TableCell>
              <TableCell className={styles.diffValue}>{row.after}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
