import { useState } from 'react';
import * as styles from './Avatar.css';
import type { AvatarSize } from './Avatar.variants';
import { avatarInitials, displayName, type UserNameFields } from './userNames';

export { avatarInitials, displayName, type UserNameFields } from './userNames';
export { avatarSizes, type AvatarSize } from './Avatar.variants';

export interface AvatarProps extends UserNameFields {
  profileImageUrl?: string | null;
  size?: AvatarSize;
  /**
   * Set when the name is shown next to the avatar, so screen readers do not hear it twice.
   */
  decorative?: boolean;
}

/** The user's photo; else their initials; else the first letter of their email. */
export function Avatar({ firstName, lastName, email, profileImageUrl, size, decorative = false }: AvatarProps) {
  // A broken image URL falls back to initials rather than a broken-image icon.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const name = displayName({ firstName, lastName, email });
  const showImage = Boolean(profileImageUrl) && failedUrl !== profileImageUrl;
  const labelProps = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name };

  return (
    <span className={styles.avatar({ size })} {...labelProps}>
      {showImage && profileImageUrl ? (
        <img className={styles.image} src={profileImageUrl} alt="" onError={() => setFailedUrl(profileImageUrl)} />
      ) : (
        avatarInitials({ firstName, lastName, email })
      )}
    </span>
  );
}
