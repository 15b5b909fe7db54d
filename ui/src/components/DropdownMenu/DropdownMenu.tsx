import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import * as styles from './DropdownMenu.css';
import type { MenuItemTone } from './DropdownMenu.variants';

export { menuItemTones, type MenuItemTone } from './DropdownMenu.variants';

/**
 * Radix DropdownMenu: arrow keys move, typeahead jumps, Escape closes and refocuses the trigger.
 * Not modal by default: a menu button's menu need not hide the page, and a modal one would
 * mark its own trigger aria-hidden while that trigger stays focusable.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof RadixMenu.Root>) {
  return <RadixMenu.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = RadixMenu.Trigger;
export const DropdownMenuGroup = RadixMenu.Group;

interface DropdownMenuContentProps extends ComponentProps<typeof RadixMenu.Content> {
  /**
   * Render the menu at the end of <body> instead of beside its trigger. Only needed when
   * an ancestor with a transform would clip it: in place, the menu stays in its trigger's
   * landmark and reading order, and it is positioned `fixed` either way.
   */
  portal?: boolean;
}

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  portal = false,
  ...props
}: DropdownMenuContentProps) {
  const content = (
    <RadixMenu.Content
      className={className ? `${styles.content} ${className}` : styles.content}
      sideOffset={sideOffset}
      align={align}
      {...props}
    />
  );
  return portal ? <RadixMenu.Portal>{content}</RadixMenu.Portal> : content;
}

interface DropdownMenuItemProps extends ComponentProps<typeof RadixMenu.Item> {
  /** `critical` for destructive actions such as Sign Out. */
  tone?: MenuItemTone;
}

export function DropdownMenuItem({ tone, className, ...props }: DropdownMenuItemProps) {
  const itemClass = styles.item({ tone });
  return <RadixMenu.Item className={className ? `${itemClass} ${className}` : itemClass} {...props} />;
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={className ? `${styles.label} ${className}` : styles.label} {...props} />;
}

export function DropdownMenuSeparator(props: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={styles.separator} {...props} />;
}
