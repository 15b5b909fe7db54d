import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, ErrorState, Heading, Spinner, Stack, Text, TextField, useToast } from '../../index';
import { ApiError, errorText, SYNC_INTERVAL_MINUTES, usePlatformSettings, useUpdatePlatformSettings } from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import * as styles from './SystemSettings.css';

const TITLE = 'System Settings';

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
        <SyncIntervalCard minutes={settings.data.syncIntervalMinutes} />
      )}
    </>
  );
}

function SyncIntervalCard({ minutes }: { minutes: number }) {
  const update = useUpdatePlatformSettings();
  const { toast } = useToast();
  const [draft, setDraft] = useState(String(minutes));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(String(minutes)), [minutes]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim() === '' ? NaN : Number(draft);
    if (!Number.isInteger(value) || value < SYNC_INTERVAL_MINUTES.min || value > SYNC_INTERVAL_MINUTES.max) {
      setProblem(`Enter a whole number of minutes from ${SYNC_INTERVAL_MINUTES.min} to ${SYNC_INTERVAL_MINUTES.max}.`);
      return;
    }
    setProblem(null);
    update.mutate(
      { syncIntervalMinutes: value },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Settings Saved',
            description: `Channels are read every ${saved.syncIntervalMinutes} minute${saved.syncIntervalMinutes === 1 ? '' : 's'}.`,
            variant: 'success',
          }),
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <Card padding="large">
      <form onSubmit={submit} aria-label="Sync settings" className={styles.form}>
        <Stack space="large">
          <Heading level="2">Sync</Heading>
          <TextField
            label="Default sync interval (minutes)"
            hint="How often every channel's orders are read on a schedule, besides the marketplaces' own notifications. Starter accounts sync hourly."
            inputMode="numeric"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          {problem ? <Alert tone="critical">{problem}</Alert> : null}
          <div className={styles.actions}>
            <Button type="submit" loading={update.isPending} disabled={draft === String(minutes)}>
              Save Settings
            </Button>
          </div>
          <Text size="small" tone="secondary">
            Takes effect at the next minute's schedule; orders and stock changes that marketplaces announce are read at
            once whatever the interval.
          </Text>
        </Stack>
      </form>
    </Card>
  );
}

export default SystemSettingsPage;
