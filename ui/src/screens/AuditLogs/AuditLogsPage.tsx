import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  LinkProvider,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  type LinkComponentProps,
} from '../../index';
import {
  ApiError,
  auditLogExportUrl,
  errorText,
  useAuditLog,
  type AuditEntry,
  type AuditFilters,
  type AuditLogPage,
  type AuditScope,
} from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { AuditFiltersForm } from './AuditFiltersForm';
import { AuditEntryDrawer } from './AuditEntryDrawer';
import { actionLabel, personText, targetText, timeText } from './auditTexts';
import * as styles from './AuditLogs.css';

const TITLE = 'Audit Logs';
const PAGE_SIZE = 50;

const descriptions: Record<AuditScope, string> = {
  account:
    "Who did what in your account, when and from where, with before and after. Entries can't be changed or removed.",
  staff: "Every account's audit trail: sign-ins, role and plan changes, impersonation, settings and more.",
};

/** The export is a file the browser downloads, not a page of the app: a plain link, past the router. */
function DownloadLink(props: LinkComponentProps) {
  return <a {...props} download />;
}

/**
 * /audit-logs (the signed-in user's account) and /admin/audit (every account, platform staff):
 * filters, search, pages by cursor, an entry's before and after in a drawer, CSV export.
 */
export function AuditLogsPage() {
  const [location] = useLocation();
  const scope: AuditScope = location.startsWith('/admin') ? 'staff' : 'account';
  const [filters, setFilters] = useState<AuditFilters>({});
  // The cursors of the pages after the first that were opened, so "Newer" goes back one.
  const [cursors, setCursors] = useState<string[]>([]);
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const log = useAuditLog(scope, { ...filters, cursor: cursors.at(-1), limit: PAGE_SIZE });

  if (log.error instanceof ApiError && log.error.status === 403)
    return (
      <NoAccess
        title={TITLE}
        description={
          scope === 'staff'
            ? "Every account's audit log is for platform staff. Your own account's is under Audit Logs."
            : undefined
        }
      />
    );

  const applyFilters = (next: AuditFilters) => {
    setFilters(next);
    setCursors([]);
  };
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');

  return (
    <>
      <PageHeader title={TITLE} description={descriptions[scope]} />
      <section className={styles.section} aria-label="Filters">
        <AuditFiltersForm scope={scope} applied={filters} onApply={applyFilters} />
        <div className={styles.toolbar}>
          <span className={styles.muted}>
            {filtered ? 'Showing entries that match your filters.' : 'Showing every entry, newest first.'}
          </span>
          <LinkProvider component={DownloadLink}>
            <Button variant="secondary" href={auditLogExportUrl(scope, filters)}>
              Export CSV
            </Button>
          </LinkProvider>
        </div>
      </section>
      {log.isPending ? (
        <Spinner label="Loading the audit log..." />
      ) : log.isError ? (
        <ErrorState
          title="The audit log could not be loaded"
          description={errorText(log.error)}
          onRetry={() => log.refetch()}
        />
      ) : log.data.items.length === 0 ? (
        <Card padding="large">
          {filtered ? (
            <EmptyState
              title="No entries match these filters"
              description="Widen the dates, choose another action, or clear the filters."
              action={
                <Button variant="secondary" onClick={() => applyFilters({})}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              title="No entries yet"
              description="Sign-ins, changes to channels, listings, prices and settings appear here as they happen."
            />
          )}
        </Card>
      ) : (
        <Entries
          data={log.data}
          scope={scope}
          page={cursors.length + 1}
          turning={log.isPlaceholderData}
          onOpen={setOpened}
          onOlder={() => log.data.nextCursor && setCursors([...cursors, log.data.nextCursor])}
          onNewer={() => setCursors(cursors.slice(0, -1))}
        />
      )}
      <AuditEntryDrawer entry={opened} scope={scope} onClose={() => setOpened(null)} />
    </>
  );
}

function Entries({
  data,
  scope,
  page,
  turning,
  onOpen,
  onOlder,
  onNewer,
}: {
  data: AuditLogPage;
  scope: AuditScope;
  page: number;
  /** The page asked for is on its way and the one shown is the last: its cursor would open the same page twice. */
  turning: boolean;
  onOpen: (entry: AuditEntry) => void;
  onOlder: () => void;
  onNewer: () => void;
}) {
  return (
    <section className={styles.section} aria-label="Audit entries" aria-busy={turning}>
      <Table caption="Audit entries" hideCaption>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>When</TableHeaderCell>
            <TableHeaderCell>Action</TableHeaderCell>
            <TableHeaderCell>Who</TableHeaderCell>
            <TableHeaderCell>Target</TableHeaderCell>
            <TableHeaderCell>From</TableHeaderCell>
            <TableHeaderCell>
              <span className={styles.muted}>Before and after</span>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.items.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className={styles.nowrap}>{timeText(entry.occurredAt)}</TableCell>
              <TableCell className={styles.nowrap}>{actionLabel(entry.action)}</TableCell>
              <TableCell>
                <div className={styles.person}>
                  <span>{personText(entry.actor)}</span>
                  {entry.actor?.email ? <span className={styles.muted}>{entry.actor.email}</span> : null}
                  {entry.impersonator ? (
                    <span>
                      <Badge tone="caution">{`Via admin ${personText(entry.impersonator)}`}</Badge>
                    </span>
                  ) : null}
                  {scope === 'staff' && entry.accountId ? (
                    <span className={styles.muted}>{`Account ${entry.accountId.slice(0, 8)}`}</span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell className={styles.target}>{targetText(entry)}</TableCell>
              <TableCell className={styles.mono}>{entry.ip ?? '—'}</TableCell>
              <TableCell>
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => onOpen(entry)}
                  aria-label={`Open ${actionLabel(entry.action)} at ${timeText(entry.occurredAt)}`}
                >
                  Open
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {page > 1 || data.nextCursor ? (
        <nav className={styles.paging} aria-label="Pages of the audit log">
          <span className={styles.muted}>{`Page ${page}`}</span>
          <div className={styles.actions}>
            <Button variant="secondary" size="small" disabled={turning || page <= 1} onClick={onNewer}>
              Newer entries
            </Button>
            <Button variant="secondary" size="small" disabled={turning || !data.nextCursor} onClick={onOlder}>
              Older entries
            </Button>
          </div>
        </nav>
      ) : null}
    </section>
  );
}

export default AuditLogsPage;
