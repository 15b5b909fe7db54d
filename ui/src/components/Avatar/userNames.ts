/** The name fields of a user as the contract's AuthUser carries them. */
export interface UserNameFields {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}

/**
 * Initials from the first and last name; without both, the first letter of the email.
 * Always uppercase (spec: "profile image, else initials, else the first letter of the email").
 */
export function avatarInitials({ firstName, lastName, email }: UserNameFields): string {
  const first = firstName?.trim();
  const last = lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  return (email.trim()[0] ?? '?').toUpperCase();
}

/** "First Last", else the email (spec: the user menu's display name). */
export function displayName({ firstName, lastName, email }: UserNameFields): string {
  const name = [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ');
  return firstName?.trim() && lastName?.trim() ? name : email;
}
