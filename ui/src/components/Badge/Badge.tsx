import type { components } from '@contract';
import type { ReactNode } from 'react';
import * as styles from './Badge.css';
import type { BadgeEmphasis, BadgeTone } from './Badge.variants';

export { badgeEmphases, badgeTones, type BadgeEmphasis, type BadgeTone } from './Badge.variants';

export interface BadgeProps {
  tone?: BadgeTone;
  /** `solid` for the one badge that must stand out; `soft` otherwise. */
  emphasis?: BadgeEmphasis;
  children: ReactNode;
}

export function Badge({ tone, emphasis, children }: BadgeProps) {
  return <span className={styles.badge({ tone, emphasis })}>{children}</span>;
}

export type Role = components['schemas']['Role'];

// super and super_user are treated alike (spec section 6).
const roleBadges = {
  super: { label: 'Super', tone: 'brand' },
  super_user: { label: 'Super', tone: 'brand' },
  admin: { label: 'Admin', tone: 'info' },
  client: { label: 'Client', tone: 'neutral' },
} as const satisfies Record<Role, { label: string; tone: BadgeTone }>;

/** The text of a role badge: "Super", "Admin" or "Client". */
export function roleLabel(role: Role): string {
  return roleBadges[role].label;
}

/** The user's role as shown in the user menu and user lists. */
export function RoleBadge({ role }: { role: Role }) {
  const { label, tone } = roleBadges[role];
  return <Badge tone={tone}>{label}</Badge>;
}

/** Shown beside the role while an administrator is impersonating the user. */
export function ViewModeBadge() {
  return (
    <Badge tone="caution" emphasis="solid">
      View Mode
    </Badge>
  );
}
