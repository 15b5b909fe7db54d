import { useRef, type ChangeEvent } from 'react';
import { Avatar, Button, Stack, Text, useToast, visuallyHidden } from '../../index';
import {
  errorText,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
  useRemoveProfilePhoto,
  useUploadProfilePhoto,
  type AuthUser,
} from '../../api';
import * as styles from './ProfileSettingsDialog.css';

export const PHOTO_TOO_LARGE = 'Choose a photo of at most 2 MB.';

/** The user's photo with Upload and Remove; the server checks the bytes, this only spares a doomed upload. */
export function ProfilePhotoSection({ user }: { user: AuthUser }) {
  const { toast } = useToast();
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const picker = useRef<HTMLInputElement>(null);
  const failed = (error: unknown) =>
    toast({ title: 'Photo Upload Failed', description: errorText(error), variant: 'destructive' });

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    if (file.size > PROFILE_PHOTO_MAX_BYTES) return failed(new Error(PHOTO_TOO_LARGE));
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Photo Updated', description: 'Your new photo is saved.', variant: 'success' }),
      onError: failed,
    });
  };

  const removePhoto = () =>
    remove.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Photo Removed', description: 'Your initials show instead.', variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Photo Removal Failed', description: errorText(error), variant: 'destructive' }),
    });

  return (
    <Stack space="small">
      <Text weight="semibold">Photo</Text>
      <div className={styles.photoRow}>
        <Avatar
          firstName={user.firstName}
          lastName={user.lastName}
          email={user.email}
          profileImageUrl={user.profileImageUrl}
          size="large"
        />
        <div className={styles.photoActions}>
          <input
            ref={picker}
            type="file"
            accept={PROFILE_PHOTO_TYPES.join(',')}
            aria-label="Photo file"
            className={visuallyHidden}
            tabIndex={-1}
            onChange={chosen}
          />
          <Button type="button" variant="secondary" loading={upload.isPending} onClick={() => picker.current?.click()}>
            Upload Photo
          </Button>
          {user.profileImageUrl ? (
            <Button type="button" variant="ghost" loading={remove.isPending} onClick={removePhoto}>
              Remove Photo
            </Button>
          ) : null}
        </div>
      </div>
      <Text size="small" tone="secondary">
        PNG, JPEG or WebP, at most 2 MB.
      </Text>
    </Stack>
  );
}
