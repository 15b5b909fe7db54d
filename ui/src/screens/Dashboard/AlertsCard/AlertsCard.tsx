import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Dialog,
  DialogContent,
  ErrorState,
  Spinner,
  Stack,
  Text,
  TextField,
  useLinkComponent,
  useToast,
} from '../../../index';
import {
  errorText,
  useAlertSettings,
  useOpenAlerts,
  useSaveAlertSettings,
  type AlertList,
  type AlertSettings,
} from '../../../api';
import { formatWhen } from '../../../shared/channels/channelTexts';
import * as styles from './AlertsCard.css';

/**
 * The alerts told to the account's people (a channel in error, changes failing for over 15 minutes, a
 * suppressed listing, low stock, a late order), each with its fix, and who is told and where. Opened with
 * the settings when the address says `?alerts=settings` (the link in every alert mail).
 */
export function AlertsCard({ settingsOpenAtFirst = false }: { settingsOpenAtFirst?: boolean }) {
  const alerts = useOpenAlerts();
  const [settingsOpen, setSettingsOpen] = useState(settingsOpenAtFirst);
  return (
    <Card>
      <Stack space="medium">
        <div className={styles.header}>
          <h2 id="dashboard-alert-list" className={styles.itemTitle}>
            Alerts
          </h2>
          <Button variant="secondary" size="small" onClick={() => setSettingsOpen(true)}>
            Alert settings
          </Button>
        </div>
        {alerts.isPending ? (
          <Spinner label="Loading alerts..." />
        ) : alerts.isError ? (
          <ErrorState
            title="Alerts could not be loaded"
            description={errorText(alerts.error)}
            onRetry={() => alerts.refetch()}
          />
        ) : alerts.data.items.length === 0 ? (
          <Text tone="secondary">
            Nothing needs you now. When a channel fails, a listing is suppressed, stock runs low or an order is late,
            you are told here and by email within a minute.
          </Text>
        ) : (
          <OpenAlerts items={alerts.data.items} />
        )}
      </Stack>
      <AlertSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </Card>
  );
}

function OpenAlerts({ items }: { items: AlertList['items'] }) {
  const LinkComponent = useLinkComponent();
  return (
    <ul className={styles.list} aria-labelledby="dashboard-alert-list">
      {items.map((alert) => (
        <li key={alert.id} className={styles.item}>
          <span className={styles.itemTitle}>{alert.title}</span>
          <Text size="small" tone="secondary">
            {`${alert.kindName} · since ${formatWhen(alert.raisedAt)}`}
          </Text>
          <Text size="small">{alert.detail}</Text>
          <LinkComponent href={alert.fixPath} className={styles.link}>
            Fix it
          </LinkComponent>
        </li>
      ))}
    </ul>
  );
}

interface Draft {
  mailed: Record<string, boolean>;
  webhookUrl: string;
  removeWebhook: boolean;
  lowStockUnits: string;
}

const asDraft = (settings: AlertSettings): Draft => ({
  mailed: Object.fromEntries(settings.kinds.map((k) => [k.kind, k.email])),
  webhookUrl: '',
  removeWebhook: false,
  lowStockUnits: String(settings.lowStockUnits),
});

/** Which alerts this user is mailed; the account's webhook and low-stock level (the owner's to change). */
function AlertSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useAlertSettings();
  const save = useSaveAlertSettings();
  const { toast } = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open && settings.data) {
      setDraft(asDraft(settings.data));
      setProblem(null);
    }
  }, [open, settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !settings.data) return;
    const lowStockUnits = Number(draft.lowStockUnits);
    if (draft.lowStockUnits.trim() === '' || !Number.isInteger(lowStockUnits) || lowStockUnits < 0) {
      setProblem('Low stock is a whole number of units, 0 or more.');
      return;
    }
    const accountChanged =
      draft.webhookUrl.trim() !== '' || draft.removeWebhook || lowStockUnits !== settings.data.lowStockUnits;
    save.mutate(
      {
        kinds: settings.data.kinds.map((k) => ({ kind: k.kind, email: draft.mailed[k.kind] ?? true })),
        ...(accountChanged && { lowStockUnits }),
        ...(draft.webhookUrl.trim() !== ''
          ? { webhookUrl: draft.webhookUrl.trim() }
          : draft.removeWebhook
            ? { webhookUrl: null }
            : {}),
      },
      {
        onSuccess: () => {
          toast({
            title: 'Alert Settings Saved',
            description: 'You are told of alerts as you chose.',
            variant: 'success',
          });
          onOpenChange(false);
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Alert settings"
        description="Each alert is told once, when its cause appears, with a link to the fix."
      >
        {settings.isError ? (
          <ErrorState
            title="Settings could not be loaded"
            description={errorText(settings.error)}
            onRetry={() => settings.refetch()}
          />
        ) : !draft || !settings.data ? (
          <Spinner label="Loading settings..." />
        ) : (
          <form onSubmit={submit} aria-label="Alert settings">
            <Stack space="large">
              <fieldset className={styles.choices}>
                <legend className={styles.itemTitle}>Email me about</legend>
                <Stack space="small">
                  {settings.data.kinds.map((k) => (
                    <label key={k.kind} className={styles.checkboxRow}>
                      <input
                        type="checkbox"
                        checked={draft.mailed[k.kind] ?? true}
                        onChange={(e) =>
                          setDraft({ ...draft, mailed: { ...draft.mailed, [k.kind]: e.target.checked } })
                        }
                      />
                      {k.name}
                    </label>
                  ))}
                </Stack>
              </fieldset>
              <div className={styles.accountFields}>
                <TextField
                  label="Slack-compatible webhook"
                  secondaryLabel={settings.data.webhookSet ? 'one is set' : 'optional'}
                  type="url"
                  placeholder="https://hooks.slack.com/services/…"
                  value={draft.webhookUrl}
                  onChange={(e) => setDraft({ ...draft, webhookUrl: e.target.value, removeWebhook: false })}
                />
                <TextField
                  label="Low stock at"
                  inputMode="numeric"
                  value={draft.lowStockUnits}
                  onChange={(e) => setDraft({ ...draft, lowStockUnits: e.target.value })}
                />
              </div>
              {settings.data.webhookSet ? (
                <label className={styles.checkboxRow}>
                  <input
                    type="checkbox"
                    checked={draft.removeWebhook}
                    onChange={(e) => setDraft({ ...draft, removeWebhook: e.target.checked, webhookUrl: '' })}
                  />
                  Stop posting alerts to the webhook
                </label>
              ) : null}
              <Text size="small" tone="secondary">
                The webhook and the low-stock level are the account’s: only its owner changes them. The webhook’s
                address is kept encrypted and never shown again.
              </Text>
              {problem ? <Alert tone="critical" title={problem} /> : null}
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
            </Stack>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
