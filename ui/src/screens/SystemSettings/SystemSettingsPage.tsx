import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  ErrorState,
  Field,
  Heading,
  Select,
  Spinner,
  Stack,
  Text,
  TextField,
  useToast,
} from '../../index';
import {
  ApiError,
  errorText,
  SYNC_INTERVAL_MINUTES,
  usePlatformSettings,
  useUpdatePlatformSettings,
  type PlatformSettings,
  type PlatformSettingsUpdate,
} from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { MarketplaceCredentialsCard } from './MarketplaceCredentialsCard';
import * as styles from './SystemSettings.css';

const TITLE = 'System Settings';
const TRIAL_DAYS = { min: 1, max: 90 } as const;
const TRIAL_SKUS = { min: 1, max: 1_000_000 } as const;
const NOTICE_MAX = 500;

/** /admin/settings and /system-settings: platform settings for platform staff (pages.md section 3). */
export function SystemSettingsPage() {
  const settings = usePlatformSettings();
  if (settings.error instanceof ApiError && settings.error.status === 403) return <NoAccess title={TITLE} />;
  return (
    <>
      <PageHeader title={TITLE} description="Platform-wide settings. Each change is recorded in the audit log." />
      {settings.isPending ? (
        <Spinner label="Loading settings..." />
      ) : settings.isError ? (
        <ErrorState
          title="Settings could not be loaded"
          description={errorText(settings.error)}
          onRetry={() => settings.refetch()}
        />
      ) : (
        <div className={styles.cards}>
          <SettingsCard settings={settings.data} />
          <MarketplaceCredentialsCard credentials={settings.data.marketplaceCredentials} />
        </div>
      )}
    </>
  );
}

interface Draft {
  syncIntervalMinutes: string;
  trialDays: string;
  trialSkuLimit: string;
  signupsOpen: 'open' | 'closed';
  senderAddress: string;
  maintenanceNotice: string;
}

const draftOf = (s: PlatformSettings): Draft => ({
  syncIntervalMinutes: String(s.syncIntervalMinutes),
  trialDays: String(s.trialDays),
  trialSkuLimit: String(s.trialSkuLimit),
  signupsOpen: s.signupsOpen ? 'open' : 'closed',
  senderAddress: s.senderAddress,
  maintenanceNotice: s.maintenanceNotice ?? '',
});

const wholeIn = (text: string, { min, max }: { min: number; max: number }) => {
  const value = text.trim() === '' ? NaN : Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
};

/** What changed in the form, checked as the server checks it; a message for the first problem. */
function changesOf(draft: Draft, saved: PlatformSettings): { changes: PlatformSettingsUpdate; problem: string | null } {
  const minutes = wholeIn(draft.syncIntervalMinutes, SYNC_INTERVAL_MINUTES);
  if (minutes === null)
    return {
      changes: {},
      problem: `Enter a whole number of minutes from ${SYNC_INTERVAL_MINUTES.min} to ${SYNC_INTERVAL_MINUTES.max}.`,
    };
  const days = wholeIn(draft.trialDays, TRIAL_DAYS);
  if (days === null)
    return { changes: {}, problem: `Enter a trial length from ${TRIAL_DAYS.min} to ${TRIAL_DAYS.max} days.` };
  const skus = wholeIn(draft.trialSkuLimit, TRIAL_SKUS);
  if (skus === null) return { changes: {}, problem: 'Enter a SKU limit from 1 to 1,000,000.' };
  if (!/^(?:[^<>]+<)?\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>?$/.test(draft.senderAddress.trim()))
    return {
      changes: {},
      problem: 'Enter an email address, optionally with a name: Marketplace Hub <no-reply@example.com>.',
    };
  if (draft.maintenanceNotice.length > NOTICE_MAX)
    return { changes: {}, problem: `Keep the notice to ${NOTICE_MAX} characters.` };
  const notice = draft.maintenanceNotice.trim() || null;
  const changes: PlatformSettingsUpdate = {};
  if (minutes !== saved.syncIntervalMinutes) changes.syncIntervalMinutes = minutes;
  if (days !== saved.trialDays) changes.trialDays = days;
  if (skus !== saved.trialSkuLimit) changes.trialSkuLimit = skus;
  if ((draft.signupsOpen === 'open') !== saved.signupsOpen) changes.signupsOpen = draft.signupsOpen === 'open';
  if (draft.senderAddress.trim() !== saved.senderAddress) changes.senderAddress = draft.senderAddress.trim();
  if (notice !== saved.maintenanceNotice) changes.maintenanceNotice = notice;
  return { changes, problem: null };
}

function savedText(saved: PlatformSettings, changes: PlatformSettingsUpdate): string {
  if (Object.keys(changes).length === 1 && changes.syncIntervalMinutes !== undefined)
    return `Channels are read every ${saved.syncIntervalMinutes} minute${saved.syncIntervalMinutes === 1 ? '' : 's'}.`;
  return 'The new settings are in force and recorded in the audit log.';
}

function SettingsCard({ settings }: { settings: PlatformSettings }) {
  const update = useUpdatePlatformSettings();
  const { toast } = useToast();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  const unchanged = JSON.stringify(draft) === JSON.stringify(draftOf(settings));
  const set =
    <K extends keyof Draft>(name: K) =>
    (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [name]: event.target.value as Draft[K] }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { changes, problem: found } = changesOf(draft, settings);
    setProblem(found);
    if (found || Object.keys(changes).length === 0) return;
    update.mutate(changes, {
      onSuccess: (saved) =>
        toast({ title: 'Settings Saved', description: savedText(saved, changes), variant: 'success' }),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <Card padding="large">
      <form onSubmit={submit} aria-label="Platform settings" className={styles.form}>
        <Stack space="large">
          <Heading level="2">Sync</Heading>
          <TextField
            label="Default sync interval (minutes)"
            hint="How often every channel's orders are read on a schedule, besides the marketplaces' own notifications. Starter accounts sync hourly."
            inputMode="numeric"
            value={draft.syncIntervalMinutes}
            onChange={set('syncIntervalMinutes')}
          />
          <Heading level="2">New accounts</Heading>
          <TextField
            label="Trial length (days)"
            hint="Accounts that sign up from now on get this many days; running trials keep theirs."
            inputMode="numeric"
            value={draft.trialDays}
            onChange={set('trialDays')}
          />
          <TextField
            label="Trial SKU limit"
            hint="How many SKUs an account on its free trial may hold (every trial, from the change on)."
            inputMode="numeric"
            value={draft.trialSkuLimit}
            onChange={set('trialSkuLimit')}
          />
          <Field label="Sign-ups" hint="While closed, registration is refused with a message; existing users sign in.">
            {(control) => (
              <Select {...control} value={draft.signupsOpen} onChange={set('signupsOpen')}>
                <option value="open">Open: anyone may register</option>
                <option value="closed">Closed: registration is refused</option>
              </Select>
            )}
          </Field>
          <Heading level="2">Mail</Heading>
          <TextField
            label="Sender address"
            hint="The From of every email the product sends, e.g. Marketplace Hub <no-reply@example.com>."
            value={draft.senderAddress}
            onChange={set('senderAddress')}
            maxLength={254}
          />
          <Heading level="2">Maintenance notice</Heading>
          <Field
            label="Notice shown to every signed-in user"
            hint={`Shown at the top of every page until you clear it. At most ${NOTICE_MAX} characters.`}
          >
            {(control) => (
              <textarea
                {...control}
                className={styles.textarea}
                value={draft.maintenanceNotice}
                onChange={set('maintenanceNotice')}
                maxLength={NOTICE_MAX}
              />
            )}
          </Field>
          {problem ? <Alert tone="critical">{problem}</Alert> : null}
          <div className={styles.actions}>
            <Button type="submit" loading={update.isPending} disabled={unchanged}>
              Save Settings
            </Button>
          </div>
          <Text size="small" tone="secondary">
            The sync interval takes effect at the next minute's schedule; orders and stock changes that marketplaces
            announce are read at once whatever the interval.
          </Text>
        </Stack>
      </form>
    </Card>
  );
}

export default SystemSettingsPage;
