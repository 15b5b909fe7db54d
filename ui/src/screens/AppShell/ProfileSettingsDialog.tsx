import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogContent, Stack, Text, TextField, useToast } from '../../index';
import { errorText, useChangePassword, useUpdateProfile, type AuthUser } from '../../api';
import { MIN_PASSWORD_LENGTH } from '../../shared/auth/authTexts';

export interface ProfileSettingsDialogProps {
  user: AuthUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Name and company, and a password change that proves the current password. */
export function ProfileSettingsDialog({ user, open, onOpenChange }: ProfileSettingsDialogProps) {
  const { toast } = useToast();
  const update = useUpdateProfile();
  const change = useChangePassword();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [companyName, setCompanyName] = useState(user.companyName ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  useEffect(() => {
    if (!open) return;
    setFirstName(user.firstName ?? '');
    setLastName(user.lastName ?? '');
    setCompanyName(user.companyName ?? '');
    setCurrentPassword('');
    setNewPassword('');
  }, [open, user]);

  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { firstName, lastName, companyName },
      {
        onSuccess: () =>
          toast({ title: 'Profile Updated', description: 'Your name and company are saved.', variant: 'success' }),
        onError: (error) =>
          toast({ title: 'Profile Update Failed', description: errorText(error), variant: 'destructive' }),
      },
    );
  };

  const savePassword = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          setCurrentPassword('');
          setNewPassword('');
          toast({ title: 'Password Changed', description: answer.message, variant: 'success' });
        },
        onError: (error) =>
          toast({ title: 'Password Change Failed', description: errorText(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Profile Settings" description="Your name, your company, and your password.">
        <Stack space="xlarge">
          <form onSubmit={saveProfile} aria-label="Profile">
            <Stack space="medium">
              <TextField
                label="First name"
                value={firstName}
                maxLength={100}
                onChange={(e) => setFirstName(e.target.value)}
                autoComplete="given-name"
              />
              <TextField
                label="Last name"
                value={lastName}
                maxLength={100}
                onChange={(e) => setLastName(e.target.value)}
                autoComplete="family-name"
              />
              <TextField
                label="Company"
                value={companyName}
                maxLength={100}
                onChange={(e) => setCompanyName(e.target.value)}
                autoComplete="organization"
              />
              <Button type="submit" loading={update.isPending}>
                Save Profile
              </Button>
            </Stack>
          </form>
          {user.isBeingImpersonated ? (
            <Alert tone="info">Passwords cannot be changed while viewing as another user.</Alert>
          ) : (
            <form onSubmit={savePassword} aria-label="Change password">
              <Stack space="medium">
                <Text weight="semibold">Change password</Text>
                <TextField
                  label="Current password"
                  type="password"
                  required
                  value={currentPassword}
                  onChange={(e) => setCurrentPassword(e.target.value)}
                  autoComplete="current-password"
                />
                <TextField
                  label="New password"
                  type="password"
                  required
                  minLength={MIN_PASSWORD_LENGTH}
                  value={newPassword}
                  onChange={(e) => setNewPassword(e.target.value)}
                  autoComplete="new-password"
                  hint="At least 6 characters. Your other sessions will be signed out."
                />
                <Button
                  type="submit"
                  variant="secondary"
                  loading={change.isPending}
                  disabled={!currentPassword || newPassword.length < MIN_PASSWORD_LENGTH}
                >
                  Change Password
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
