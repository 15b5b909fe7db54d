import * as RadixMenu from '@radix-ui/react-dropdown-menu';
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
  useThemePreference,
  visuallyHidden,
  type ThemePreference,
} from '../../index';
import { item as menuItem } from '../../components/DropdownMenu/DropdownMenu.css';
import type { AuthUser } from '../../api';
import { ProfileSettingsDialog } from './ProfileSettingsDialog';
import * as styles from './AppShell.css';

export const SIGN_OUT_PATH = '/api/logout';

const themeOptions: Array<{ value: ThemePreference; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

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
  const [theme, setTheme] = useThemePreference();
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
          <DropdownMenuLabel className={styles.menuSectionTitle} id="theme-choice">
            Theme
          </DropdownMenuLabel>
          <RadixMenu.RadioGroup
            aria-labelledby="theme-choice"
            value={theme}
            onValueChange={(value) => setTheme(value as ThemePreference)}
          >
            {themeOptions.map((option) => (
              <RadixMenu.RadioItem
                key={option.value}
                value={option.value}
                className={menuItem({})}
                // The menu stays open, so the seller sees the page change and can pick again.
                onSelect={(event) => event.preventDefault()}
              >
                <span className={styles.themeCheck} aria-hidden="true">
                  <RadixMenu.ItemIndicator>✓</RadixMenu.ItemIndicator>
                </span>
                {option.label}
              </RadixMenu.RadioItem>
            ))}
          </RadixMenu.RadioGroup>
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
