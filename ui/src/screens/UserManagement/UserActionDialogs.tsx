import { useState } from 'react';
import { Alert, Button, Dialog, DialogContent, DialogFooter, SelectField, useToast } from '../../index';
import { errorText, useChangeUserRole, useDeleteUser, useSetUserDisabled, type AdminUser, type Role } from '../../api';
import { ConfirmDialog } from '../../shared/ConfirmDialog/ConfirmDialog';
import { roleChoices } from './userFilters';
import * as styles from './UserManagement.css';

export const fullName = (u: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/** Which confirmation is open, and for whom. */
export type PendingAction = { kind: 'role' | 'disable' | 'delete'; user: AdminUser } | null;

export function UserActionDialogs({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  // Each mounted only while open: a dialog opened again for another user shows no failure of before.
  return (
    <>
      <Dialog open={pending?.kind === 'role'} onOpenChange={(open) => (open ? undefined : onClose())}>
        {pending?.kind === 'role' ? <RoleDialog user={pending.user} onClose={onClose} /> : null}
      </Dialog>
      {pending?.kind === 'disable' ? <DisableDialog user={pending.user} onClose={onClose} /> : null}
      {pending?.kind === 'delete' ? <DeleteDialog user={pending.user} onClose={onClose} /> : null}
    </>
  );
}

function RoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const change = useChangeUserRole();
  const { toast } = useToast();
  const save = () =>
    change.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          toast({ title: 'Role changed', description: `${fullName(user)} is now ${label(role)}.`, variant: 'success' });
          onClose();
        },
      },
    );
  return (
    <DialogContent title={`Change the role of ${fullName(user)}`} description="Staff roles reach every account.">
      <div className={styles.dialogBody}>
        <SelectField label="New role" value={role} choices={roleChoices} onChange={setRole} />
        {change.isError ? (
          <Alert tone="critical" title="The role was not changed">
            {errorText(change.error)}
          </Alert>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={change.isPending} disabled={role === user.role}>
          Change role
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

const label = (role: Role) => roleChoices.find(([value]) => value === role)![1].toLowerCase();

function DisableDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const disable = useSetUserDisabled();
  const { toast } = useToast();
  const confirm = () =>
    disable.mutate(
      { userId: user.id, disabled: true },
      {
        onSuccess: () => {
          toast({ title: 'User disabled', description: `${fullName(user)} has been signed out.`, variant: 'success' });
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      open
      title={`Disable ${fullName(user)}?`}
      description="They are signed out everywhere at once and cannot sign in until you enable them again."
      confirmLabel="Disable user"
      busy={disable.isPending}
      failure={disable.isError ? { title: 'The user was not disabled', message: errorText(disable.error) } : undefined}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

function DeleteDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const remove = useDeleteUser();
  const { toast } = useToast();
  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: (answer) => {
        toast({ title: 'User deleted', description: answer.message, variant: 'success' });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      title={`Delete ${fullName(user)}?`}
      description={`${user.email} is deleted for good. If nobody else is on their account, the account and all its data (channels, listings, orders) are deleted too. The audit log keeps its history.`}
      confirmLabel="Delete user"
      cancelLabel="Keep user"
      busy={remove.isPending}
      failure={remove.isError ? { title: 'The user was not deleted', message: errorText(remove.error) } : undefined}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
