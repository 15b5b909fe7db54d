import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  ErrorState,
  SelectField,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TextField,
  useToast,
} from '../../../index';
import { errorText, useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey, type ApiKeyAccess } from '../../../api';
import { ConfirmDialog } from '../../../shared/ConfirmDialog/ConfirmDialog';
import { formatDate } from './teamTexts';
import * as styles from './Team.css';

export const apiKeyTexts = {
  title: 'API keys',
  description:
    'Scripts and other tools act as you on this account with a key, sent as "Authorization: Bearer <key>". A key cannot sign in, change the team or billing, or delete the account.',
  upsell: 'API access is included from the Business plan.',
  viewOnly: 'Keys are made and revoked by the owner, signed in as themselves.',
  newKeyTitle: 'Copy your new key now',
  newKeyText: 'It is shown this once: we keep only a fingerprint of it. Store it where your script reads its secrets.',
} as const;

/** What a key may do, as the form offers it and the list shows it. */
export const apiKeyAccessLabels: Record<ApiKeyAccess, string> = { full: 'Full access', read: 'Read only' };
const accessChoices = Object.entries(apiKeyAccessLabels) as Array<[ApiKeyAccess, string]>;

/** The account's API keys, for its owners: make one (shown once), see when each was last used, revoke. */
export function ApiKeysCard({ viewOnly }: { viewOnly: boolean }) {
  const keys = useApiKeys(true);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Card padding="large">
      <h2 className={styles.sectionTitle}>{apiKeyTexts.title}</h2>
      <div className={styles.stack}>
        <p className={styles.secondary}>{apiKeyTexts.description}</p>
        {keys.isPending ? (
          <Spinner label="Loading your API keys..." />
        ) : keys.isError ? (
          <ErrorState
            title="Your API keys could not be loaded"
            description={errorText(keys.error)}
            onRetry={() => keys.refetch()}
          />
        ) : !keys.data.apiAccess ? (
          <div className={styles.upsell}>
            <p>{apiKeyTexts.upsell}</p>
            <Button href="/billing?tab=plans" variant="secondary">
              See the Business plan
            </Button>
          </div>
        ) : (
          <>
            {keys.data.canManage && !viewOnly ? <NewKeyForm /> : <Alert tone="info">{apiKeyTexts.viewOnly}</Alert>}
            {keys.data.keys.length > 0 ? (
              <KeysTable keys={keys.data.keys} canRevoke={keys.data.canManage && !viewOnly} onRevoke={setRevoking} />
            ) : (
              <p className={styles.secondary}>No keys yet.</p>
            )}
          </>
        )}
      </div>
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

function NewKeyForm() {
  const [name, setName] = useState('');
  const [access, setAccess] = useState<ApiKeyAccess>('full');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateApiKey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), access },
      {
        onSuccess: (made) => {
          setSecret(made.secret);
          setName('');
        },
      },
    );
  };
  return (
    <div className={styles.stack}>
      {secret ? (
        <Alert tone="positive" title={apiKeyTexts.newKeyTitle}>
          <div className={styles.stack}>
            <p>{apiKeyTexts.newKeyText}</p>
            <code className={styles.secret} aria-label="New API key">
              {secret}
            </code>
            <div>
              <Button size="small" variant="secondary" onClick={() => setSecret(null)}>
                I have stored it
              </Button>
            </div>
          </div>
        </Alert>
      ) : null}
      <form className={styles.inviteForm} onSubmit={submit} aria-label="Make an API key">
        <div className={styles.email}>
          <TextField
            label="Key name"
            hint="What it is for, e.g. Warehouse script"
            required
            maxLength={100}
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className={styles.role}>
          <SelectField
            label="Access"
            hint="Read only: GET requests, nothing changed"
            value={access}
            choices={accessChoices}
            onChange={setAccess}
          />
        </div>
        <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
          Make key
        </Button>
      </form>
      {create.isError ? (
        <Alert tone="critical" title="The key was not made">
          {errorText(create.error)}
        </Alert>
      ) : null}
    </div>
  );
}

function KeysTable({
  keys,
  canRevoke,
  onRevoke,
}: {
  keys: ApiKey[];
  canRevoke: boolean;
  onRevoke: (key: ApiKey) => void;
}) {
  return (
    <Table caption="API keys in use" hideCaption>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Key</TableHeaderCell>
          <TableHeaderCell>Access</TableHeaderCell>
          <TableHeaderCell>Last used</TableHeaderCell>
          <TableHeaderCell>
            <span className={styles.secondary}>Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell>
              <div className={styles.nameCell}>
                <span>{key.name}</span>
                <span className={styles.secondary}>Made {formatDate(key.createdAt)}</span>
              </div>
            </TableCell>
            <TableCell>
              <code>{key.prefix}…</code>
            </TableCell>
            <TableCell>{apiKeyAccessLabels[key.access]}</TableCell>
            <TableCell>{key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'}</TableCell>
            <TableCell>
              {canRevoke ? (
                <div className={styles.actions}>
                  <Button size="small" variant="ghost" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                </div>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const { toast } = useToast();
  if (!apiKey) return null;
  const confirm = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: (answer) => {
        toast({ title: 'Key revoked', description: answer.message, variant: 'success' });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      title={`Revoke ${apiKey.name}?`}
      description="Scripts sending this key are refused from now on. A revoked key cannot be used again."
      confirmLabel="Revoke key"
      busy={revoke.isPending}
      failure={revoke.isError ? { title: 'Not revoked', message: errorText(revoke.error) } : undefined}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
