import { useLocation, useSearch } from 'wouter';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Field,
  LinkProvider,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  useLinkComponent,
  useToast,
  type LinkComponentProps,
} from '../../index';
import {
  ApiError,
  complianceExportUrl,
  errorText,
  useComplianceIssues,
  useRecheckCompliance,
  type ComplianceCode,
  type ComplianceCounts,
  type ComplianceIssuePage,
  type ComplianceQuery,
} from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { marketplaceNames } from '../../shared/channels/channelTexts';
import { codeLabels, plural, severityLabels, severityTones } from './complianceTexts';
import { RestrictedWordsEditor } from './RestrictedWordsEditor';
import * as styles from './Compliance.css';

const TITLE = 'Compliance';
const DESCRIPTION = 'What each marketplace would refuse or remove in your listings, with the fix for each.';
const PAGE_SIZE = 50;
const severities = ['error', 'warning'] as const;
const codes = Object.keys(codeLabels) as ComplianceCode[];

/** The filters and page, from the address (?severity=&channelId=&code=&page=), so a link can open a filtered view. */
function readView(search: string): ComplianceQuery {
  const params = new URLSearchParams(search);
  const severity = severities.find((s) => s === params.get('severity'));
  const code = codes.find((c) => c === params.get('code'));
  const page = Number(params.get('page'));
  return {
    severity,
    channelId: params.get('channelId') || undefined,
    code,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    pageSize: PAGE_SIZE,
  };
}

/** The export is a file the browser downloads, not a page of the app: a plain link, past the router. */
function DownloadLink(props: LinkComponentProps) {
  return <a {...props} download />;
}

/** /compliance: the listings' issues by severity and channel, with filters, each with its fix and a link to the listing. */
export function CompliancePage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = readView(search);
  const issues = useComplianceIssues(view);

  const filter = (changes: Partial<ComplianceQuery>) => {
    const next = { ...view, page: undefined, ...changes };
    const params = new URLSearchParams();
    if (next.severity) params.set('severity', next.severity);
    if (next.channelId) params.set('channelId', next.channelId);
    if (next.code) params.set('code', next.code);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  if (issues.error instanceof ApiError && issues.error.status === 403)
    return (
      <NoAccess
        title={TITLE}
        description="Compliance belongs to a seller's account. Staff see it by viewing as the seller."
      />
    );

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {issues.isPending ? (
        <Spinner label="Checking your listings..." />
      ) : issues.isError ? (
        <ErrorState
          title="Compliance issues could not be loaded"
          description={errorText(issues.error)}
          onRetry={() => issues.refetch()}
        />
      ) : (
        <Issues data={issues.data} view={view} onFilter={filter} />
      )}
      <RestrictedWordsEditor />
    </>
  );
}

function Issues({
  data,
  view,
  onFilter,
}: {
  data: ComplianceIssuePage;
  view: ComplianceQuery;
  onFilter: (changes: Partial<ComplianceQuery>) => void;
}) {
  const everything = data.counts.bySeverity.reduce((n, s) => n + s.count, 0);
  const filtered = Boolean(view.severity || view.channelId || view.code);
  if (everything === 0)
    return (
      <section className={styles.section}>
        <Card padding="large">
          <EmptyState
            title="No issues"
            description="Every listing on your channels meets its marketplace's rules we check. Listings are checked again whenever they change."
          />
        </Card>
        <Actions view={view} />
      </section>
    );
  return (
    <>
      <Counts counts={data.counts} onFilter={onFilter} />
      <section className={styles.section} aria-labelledby="compliance-issues">
        <h2 id="compliance-issues" className={styles.sectionTitle}>
          {filtered
            ? `Issues matching your filters (${data.total.toLocaleString('en-US')})`
            : `Issues (${data.total.toLocaleString('en-US')})`}
        </h2>
        <div className={styles.toolbar}>
          <Filters view={view} counts={data.counts} onFilter={onFilter} />
          <Actions view={view} />
        </div>
        {data.items.length === 0 ? (
          <Card padding="large">
            <EmptyState
              title="No issues match these filters"
              description="Choose another severity, channel or problem, or clear the filters."
              action={
                <Button
                  variant="secondary"
                  onClick={() => onFilter({ severity: undefined, channelId: undefined, code: undefined })}
                >
                  Clear filters
                </Button>
              }
            />
          </Card>
        ) : (
          <IssueTable data={data} onPage={(page) => onFilter({ page })} view={view} />
        )}
      </section>
    </>
  );
}

function Counts({
  counts,
  onFilter,
}: {
  counts: ComplianceCounts;
  onFilter: (changes: Partial<ComplianceQuery>) => void;
}) {
  const errors = counts.bySeverity.find((s) => s.severity === 'error')?.count ?? 0;
  const warnings = counts.bySeverity.find((s) => s.severity === 'warning')?.count ?? 0;
  return (
    <section className={styles.section} aria-labelledby="compliance-counts">
      <h2 id="compliance-counts" className={styles.sectionTitle}>
        By severity and channel
      </h2>
      <ul className={styles.counts} aria-label="Issue counts">
        <li>
          <Card>
            <button type="button" className={styles.count} onClick={() => onFilter({ severity: 'error' })}>
              <span className={styles.countValue}>{errors.toLocaleString('en-US')}</span>{' '}
              <span className={styles.countLabel}>{`${errors === 1 ? 'Error' : 'Errors'}: refused or removed`}</span>
            </button>
          </Card>
        </li>
        <li>
          <Card>
            <button type="button" className={styles.count} onClick={() => onFilter({ severity: 'warning' })}>
              <span className={styles.countValue}>{warnings.toLocaleString('en-US')}</span>{' '}
              <span className={styles.countLabel}>{`${warnings === 1 ? 'Warning' : 'Warnings'}: may be removed`}</span>
            </button>
          </Card>
        </li>
        {counts.byChannel.map((channel) => (
          <li key={channel.channelId}>
            <Card>
              <button type="button" className={styles.count} onClick={() => onFilter({ channelId: channel.channelId })}>
                <span className={styles.countValue}>{(channel.errors + channel.warnings).toLocaleString('en-US')}</span>{' '}
                <span className={styles.countLabel}>
                  {`${marketplaceNames[channel.channelKind]} · ${channel.channelName}: ${plural(channel.errors, 'error', 'errors')}, ${plural(channel.warnings, 'warning', 'warnings')}`}
                </span>
              </button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Filters({
  view,
  counts,
  onFilter,
}: {
  view: ComplianceQuery;
  counts: ComplianceCounts;
  onFilter: (changes: Partial<ComplianceQuery>) => void;
}) {
  return (
    <div className={styles.filters} role="search" aria-label="Compliance issues">
      <Field label="Severity">
        {(control) => (
          <Select
            {...control}
            value={view.severity ?? ''}
            onChange={(event) => onFilter({ severity: severities.find((s) => s === event.target.value) })}
          >
            <option value="">Errors and warnings</option>
            {severities.map((s) => (
              <option key={s} value={s}>
                {`${severityLabels[s]}s`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Channel">
        {(control) => (
          <Select
            {...control}
            value={view.channelId ?? ''}
            onChange={(event) => onFilter({ channelId: event.target.value || undefined })}
          >
            <option value="">All channels</option>
            {counts.byChannel.map((c) => (
              <option key={c.channelId} value={c.channelId}>
                {`${marketplaceNames[c.channelKind]} · ${c.channelName}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Problem">
        {(control) => (
          <Select
            {...control}
            value={view.code ?? ''}
            onChange={(event) => onFilter({ code: codes.find((c) => c === event.target.value) })}
          >
            <option value="">Every problem</option>
            {counts.byCode.map((c) => (
              <option key={c.code} value={c.code}>
                {`${codeLabels[c.code]} (${c.count.toLocaleString('en-US')})`}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

function Actions({ view }: { view: ComplianceQuery }) {
  const recheck = useRecheckCompliance();
  const { toast } = useToast();
  const { severity, channelId, code } = view;
  return (
    <div className={styles.actions}>
      <Button
        variant="secondary"
        loading={recheck.isPending}
        onClick={() =>
          recheck.mutate(undefined, {
            onSuccess: ({ checkedProducts }) =>
              toast({
                title: 'Listings Checked',
                description: `${plural(checkedProducts, 'product was', 'products were')} checked on every channel.`,
                variant: 'success',
              }),
            onError: (error) => toast({ title: 'Not Checked', description: errorText(error), variant: 'destructive' }),
          })
        }
      >
        Check all listings now
      </Button>
      <LinkProvider component={DownloadLink}>
        <Button variant="secondary" href={complianceExportUrl({ severity, channelId, code })}>
          Export CSV
        </Button>
      </LinkProvider>
    </div>
  );
}

function IssueTable({
  data,
  view,
  onPage,
}: {
  data: ComplianceIssuePage;
  view: ComplianceQuery;
  onPage: (page: number) => void;
}) {
  const LinkComponent = useLinkComponent();
  const page = view.page ?? 1;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <Table caption="Compliance issues" hideCaption>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>SKU</TableHeaderCell>
            <TableHeaderCell>Channel</TableHeaderCell>
            <TableHeaderCell>Severity</TableHeaderCell>
            <TableHeaderCell>Problem</TableHeaderCell>
            <TableHeaderCell>Fix</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.items.map((issue) => (
            <TableRow key={`${issue.listingId}-${issue.code}-${issue.field}`}>
              <TableCell>
                <LinkComponent
                  href={`/listings?sku=${encodeURIComponent(issue.sku)}`}
                  className={styles.link}
                  aria-label={`Open ${issue.sku}`}
                >
                  <span className={styles.sku}>{issue.sku}</span>
                </LinkComponent>
                {issue.title ? <div className={styles.muted}>{issue.title}</div> : null}
              </TableCell>
              <TableCell>{`${marketplaceNames[issue.channelKind]} · ${issue.channelName}`}</TableCell>
              <TableCell>
                <Badge tone={severityTones[issue.severity]}>{severityLabels[issue.severity]}</Badge>
              </TableCell>
              <TableCell className={styles.issueText}>
                <strong>{codeLabels[issue.code]}</strong>
                <div>{issue.message}</div>
              </TableCell>
              <TableCell className={styles.issueText}>{issue.fix}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages > 1 ? (
        <nav className={styles.paging} aria-label="Pages of issues">
          <span className={styles.muted}>{`Page ${page} of ${pages}`}</span>
          <div className={styles.actions}>
            <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              Previous page
            </Button>
            <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              Next page
            </Button>
          </div>
        </nav>
      ) : null}
    </>
  );
}

export default CompliancePage;
