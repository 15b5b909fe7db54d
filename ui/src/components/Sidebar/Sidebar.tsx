import { useId, useState, type ReactNode } from 'react';
import { MenuIcon } from '../icons';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import { isActivePath } from './isActivePath';
import * as styles from './Sidebar.css';

export { isActivePath } from './isActivePath';

export interface SidebarItem {
  label: string;
  href: string;
  icon?: ReactNode;
}

export interface SidebarGroup {
  label: string;
  items: SidebarItem[];
}

export interface SidebarProps {
  groups: SidebarGroup[];
  /** The current location's path; decides which item is highlighted. */
  currentPath: string;
  /** The product name or logo at the top. */
  header?: ReactNode;
  /** Panels under the navigation, e.g. "Admin Access". */
  children?: ReactNode;
  /** Pinned to the bottom, e.g. the version "v2.0". */
  footer?: ReactNode;
  /** Accessible name of the sidebar (a complementary landmark). */
  label?: string;
  /** Accessible name of the navigation landmark inside it. */
  navigationLabel?: string;
  menuButtonLabel?: string;
}

/** The signed-in navigation: grouped links, a highlighted current page, a menu on small screens. */
export function Sidebar({
  groups,
  currentPath,
  header,
  children,
  footer,
  label = 'Sidebar',
  navigationLabel = 'Main navigation',
  menuButtonLabel = 'Menu',
}: SidebarProps) {
  const LinkComponent = useLinkComponent();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const groupIdPrefix = useId();

  return (
    // An <aside> so the header, panels and footer sit in a landmark as well as the links.
    <aside aria-label={label} className={styles.sidebar} data-open={menuOpen}>
      <div className={styles.header}>
        {header}
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
          {menuButtonLabel}
        </button>
      </div>
      <div id={panelId} className={styles.panel}>
        <nav aria-label={navigationLabel} className={styles.nav}>
          {groups.map((group, index) => {
            const groupId = `${groupIdPrefix}-${index}`;
            return (
              <div key={group.label} className={styles.group}>
                <p id={groupId} className={styles.groupLabel}>
                  {group.label}
                </p>
                <ul className={styles.list} aria-labelledby={groupId}>
                  {group.items.map((item) => (
                    <li key={item.href}>
                      <LinkComponent
                        href={item.href}
                        className={styles.item}
                        aria-current={isActivePath(currentPath, item.href) ? 'page' : undefined}
                        // On small screens, choosing a page closes the menu.
                        onClick={() => setMenuOpen(false)}
                      >
                        {item.icon ? (
                          <span className={styles.itemIcon} aria-hidden="true">
                            {item.icon}
                          </span>
                        ) : null}
                        {item.label}
                      </LinkComponent>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
        {children}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </aside>
  );
}
