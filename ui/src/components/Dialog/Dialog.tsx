import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { CloseIcon } from '../icons';
import * as styles from './Dialog.css';

/** Radix Dialog: focus is trapped inside, Escape closes, focus returns to the trigger. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  /** Every dialog has a title: it is the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** Label of the corner close button. */
  closeLabel?: string;
  children?: ReactNode;
}

export function DialogContent({ title, description, closeLabel = 'Close', children, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content
        className={styles.content}
        // Without a description there is nothing to point at; Radix would warn otherwise.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className={styles.header}>
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
        </div>
        {children}
        <RadixDialog.Close className={styles.close} aria-label={closeLabel}>
          <CloseIcon />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The row of actions at the bottom of a dialog. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className={styles.footer}>{children}</div>;
}
