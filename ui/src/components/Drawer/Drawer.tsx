import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { CloseIcon } from '../icons';
import * as styles from './Drawer.css';

/**
 * A panel at the side of the page over the content (Radix Dialog): focus is trapped inside,
 * Escape closes, focus returns to what opened it. For details of one item of a list.
 */
export const Drawer = RadixDialog.Root;
export const DrawerTrigger = RadixDialog.Trigger;
export const DrawerClose = RadixDialog.Close;

export interface DrawerContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  /** The drawer's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  closeLabel?: string;
  children?: ReactNode;
}

export function DrawerContent({ title, description, closeLabel = 'Close', children, ...props }: DrawerContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content
        className={styles.content}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className={styles.header}>
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
        </div>
        {/* Focusable, so keyboard users can scroll a long body (it may hold no control at all). */}
        <div className={styles.body} tabIndex={0}>
          {children}
        </div>
        <RadixDialog.Close className={styles.close} aria-label={closeLabel}>
          <CloseIcon />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
