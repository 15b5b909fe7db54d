import { useRef, useState } from 'react';
import {
  Avatar,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  RoleBadge,
  ViewModeBadge,
  displayName,
  visuallyHidden,
} from '../../index';
import type { AuthUser } from '../../api';
import { ProfileSettingsDialog } from './ProfileSettingsDialog';
import * as styles from './AppShell.css';

export const SIGN_OUT_PATH = '/api/logout';

export interface UserMenuProps {
  user: AuthUser;
  /** In place of the navigation (stories). By default Sign Out posts the browser to the logout endpoint (spec section 2). */
  onSignOut?: () => void;
  defaultOpen?: boolean;
}

/** Avatar, name, email, role badge and "View Mode" while impersonating; photo, profile, sign out. */
export function UserMenu({ user, onSignOut, defaultOpen }: UserMenuProps) {
  const [profileOpen, setProfileOpen] = useState(false);
  const signOutForm = useRef<HTMLFormElement>(null);
  const signOut = onSignOut ?? (() => signOutForm.current?.requestSubmit());
  const name = displayName(user);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen} modal={false}>
        <DropdownMenuTrigger className={styles.menuTrigger}>
          <Avatar
            firstName={user.firstName}
            lastName={user.lastName}
            email={user.email}
            profileImageUrl={user.profileImageUrl}
            size="small"
            decorative
          />
          {/* Text rather than aria-label, so the accessible name is the button's own content. */}
          <span className={visuallyHidden}>Account menu for {name}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>
            <div className={styles.menuIdentity}>
              <span className={styles.menuName}>{name}</span>
              <span className={styles.menuEmail}>{user.email}</span>
              <span className={styles.badges}>
                <RoleBadge role={user.role} />
                {user.isBeingImpersonated ? <ViewModeBadge /> : null}
              </span>
            </div>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {/* Photo upload is not part of the product yet; the spec has this action only log. */}
          <DropdownMenuItem onSelect={() => console.log('Change Photo selected')}>Change Photo</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setProfileOpen(true)}>Profile Settings</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="critical" onSelect={signOut}>
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {/* A navigation by POST, outside the menu (which unmounts as it closes): a GET could be sent by any site. */}
      <form ref={signOutForm} method="post" action={SIGN_OUT_PATH} hidden />
      <ProfileSettingsDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
    </>
  );
}
