import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  Field,
  Select,
  Stack,
  Text,
  TextField,
  useToast,
} from '../../index';
import { errorText, type AuthUser } from '../../api';
import {
  MY_DATA_JSON_PATH,
  MY_DATA_TABLES,
  myDataCsvUrl,
  useDeleteMyAccount,
  type MyDataTable,
} from '../../api/privacy';

const tableNames: Record<MyDataTable, string> = {
  profile: 'Profile',
  channels: 'Channels',
  products: 'Products',
  listings: 'Listings',
  orders: 'Orders',
  audit: 'Audit log',
};

export interface PrivacySectionProps {
  user: AuthUser;
  /** After the account is deleted; the browser goes to the landing page unless told otherwise. */
  onDeleted?: () => void;
}

/** The privacy policy's rights: download my data (JSON, or one table as CSV) and delete my account. */
export function PrivacySection({ user, onDeleted = () => window.location.assign('/') }: PrivacySectionProps) {
  const [table, setTable] = useState<MyDataTable>('profile');
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack space="medium">
      <Text weight="semibold">Privacy and data</Text>
      <Text size="small" tone="secondary">
        Download what we hold about you and, if you own the account, its channels, products, listings and orders.
        Channel credentials and passwords are never included.
      </Text>
      <Button variant="secondary" href={MY_DATA_JSON_PATH} download>
        Download My Data (JSON)
      </Button>
      <Field label="Table to download as CSV">
        {(control) => (
          <Select {...control} value={table} onChange={(e) => setTable(e.target.value as MyDataTable)}>
            {MY_DATA_TABLES.map((t) => (
              <option key={t} value={t}>
                {tableNames[t]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button variant="secondary" href={myDataCsvUrl(table)} download>
        Download CSV
      </Button>
      {user.isBeingImpersonated ? (
        <Alert tone="info">An account cannot be deleted while viewing as another user.</Alert>
      ) : (
        <>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete My Account
          </Button>
          <DeleteAccountDialog user={user} open={confirming} onOpenChange={setConfirming} onDeleted={onDeleted} />
        </>
      )}
    </Stack>
  );
}

interface DeleteAccountDialogProps {
  user: AuthUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/** Proves it is the user (the password, or the email for those who sign in with Google only), then deletes. */
function DeleteAccountDialog({ user, open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  const { toast } = useToast();
  const remove = useDeleteMyAccount();
  const [withEmail, setWithEmail] = useState(false);
  const [secret, setSecret] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(withEmail ? { email: secret } : { currentPassword: secret }, {
      onSuccess: (answer) => {
        toast({ title: 'Account Deleted', description: answer.message, variant: 'success' });
        onOpenChange(false);
        onDeleted();
      },
      onError: (error) =>
        toast({ title: 'Account Deletion Failed', description: errorText(error), variant: 'destructive' }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSecret('');
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Delete your account?"
        description="Your user is deleted and you are signed out everywhere. If you are the account's only user, the account and all its data (channels, products, listings, orders) are deleted too. This cannot be undone."
      >
        <form onSubmit={submit} aria-label="Delete account">
          <Stack space="medium">
            {withEmail ? (
              <TextField
                label="Your email address"
                type="email"
                required
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                hint={`Type ${user.email} to confirm.`}
                autoComplete="off"
              />
            ) : (
              <TextField
                label="Current password"
                type="password"
                required
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                autoComplete="current-password"
              />
            )}
            <Button
              type="button"
              variant="link"
              onClick={() => {
                setWithEmail(!withEmail);
                setSecret('');
              }}
            >
              {withEmail ? 'Confirm with my password instead' : 'No password (Google sign-in)? Use my email'}
            </Button>
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" loading={remove.isPending} disabled={!secret}>
                Delete Account
              </Button>
            </DialogFooter>
          </Stack>
        </form>
      </DialogContent>
    </Dialog>
  );
}
