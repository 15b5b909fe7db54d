import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Alert, Button, Dialog, DialogContent, Field, Select, Stack, Text, TextField, useToast } from '../../index';
import { errorText, useChangePassword, useSignOutOtherSessions, useUpdateProfile, type AuthUser } from '../../api';
import { MIN_PASSWORD_LENGTH } from '../../shared/auth/authTexts';
import { ProfilePhotoSection } from './ProfilePhotoSection';
import { PrivacySection } from './PrivacySection';
import { browserTimeZone, timeZoneChoices } from './timeZones';

export interface ProfileSettingsDialogProps {
  user: AuthUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Photo, name, company and time zone; a password change that proves the current password; other sessions ended. */
export function ProfileSettingsDialog({ user, open, onOpenChange }: ProfileSettingsDialogProps) {
  const { toast } = useToast();
  const update = useUpdateProfile();
  const change = useChangePassword();
  const signOutOthers = useSignOutOtherSessions();
  const browserZone = useMemo(browserTimeZone, []);
  const [, navigate] = useLocation();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [companyName, setCompanyName] = useState(user.companyName ?? '');
  // '' follows the browser's zone (saved as null).
  const [timeZone, setTimeZone] = useState(user.timeZone ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  useEffect(() => {
    if (!open) return;
    setFirstName(user.firstName ?? '');
    setLastName(user.lastName ?? '');
    setCompanyName(user.companyName ?? '');
    setTimeZone(user.timeZone ?? '');
    setCurrentPassword('');
    setNewPassword('');
  }, [open, user]);

  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { firstName, lastName, companyName, timeZone: timeZone || null },
      {
        onSuccess: () =>
          toast({
            title: 'Profile Updated',
            description: 'Your name, company and time zone are saved.',
            variant: 'success',
          }),
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

  const endOtherSessions = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: (answer) =>
        toast({ title: 'Other Sessions Signed Out', description: answer.message, variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Signing Out Other Sessions Failed', description: errorText(error), variant: 'destructive' }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Profile Settings"
        description="Your photo, name, company and time zone, your password, and your other sessions."
      >
        <Stack space="xlarge">
          <ProfilePhotoSection user={user} />
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
              <Field label="Time zone" hint="Reports count their days in this time zone.">
                {(control) => (
                  <Select {...control} value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
                    <option value="">This browser's time zone ({browserZone})</option>
                    {timeZoneChoices(browserZone, user.timeZone).map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Button type="submit" loading={update.isPending}>
                Save Profile
              </Button>
            </Stack>
          </form>
          {user.isBeingImpersonated ? (
            <Alert tone="info">
              Passwords cannot be changed, nor sessions signed out, while viewing as another user.
            </Alert>
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
          {user.isBeingImpersonated ? null : (
            <Stack space="small">
              <Text weight="semibold">Other sessions</Text>
              <Text size="small" tone="secondary">
                Signed in on another browser or device? Sign those sessions out; this one stays signed in.
              </Text>
              <Button type="button" variant="secondary" loading={signOutOthers.isPending} onClick={endOtherSessions}>
                Sign Out Other Sessions
              </Button>
            </Stack>
          )}
          {user.role === 'client' ? (
            <Stack space="small">
              <Text weight="semibold">Team</Text>
              <Text size="small" tone="secondary">
                Invite colleagues to this account and choose what each of them may do. Teams come with the Business and
                Enterprise plans.
              </Text>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  onOpenChange(false);
                  navigate('/user-management');
                }}
              >
                Manage Team
              </Button>
            </Stack>
          ) : null}
          <PrivacySection user={user} />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
