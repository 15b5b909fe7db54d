import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CloseIcon } from '../icons';
import * as styles from './Toast.css';
import { createToastStore, type ToastEntry, type ToastOptions, type ToastStore } from './toastStore';

export { toastVariants, type ToastVariant } from './Toast.variants';

const ToastStoreContext = createContext<ToastStore | null>(null);

interface ToastProviderProps {
  children: ReactNode;
  /** Pass a store to raise toasts from outside React (e.g. query callbacks); one is made otherwise. */
  store?: ToastStore;
  /** Milliseconds a toast stays open by itself. */
  duration?: number;
}

/** Provides `useToast()` and renders the toasts (the Toaster) in a fixed viewport. */
export function ToastProvider({ children, store, duration = 5000 }: ToastProviderProps) {
  const [ownStore] = useState(() => store ?? createToastStore());
  return (
    <ToastStoreContext.Provider value={store ?? ownStore}>
      <RadixToast.Provider duration={duration} swipeDirection="right">
        {children}
        <Toaster />
      </RadixToast.Provider>
    </ToastStoreContext.Provider>
  );
}

export interface UseToastResult {
  toasts: readonly ToastEntry[];
  toast: (options: ToastOptions) => ReturnType<ToastStore['toast']>;
  dismiss: (id?: string) => void;
}

export function useToast(): UseToastResult {
  const store = useContext(ToastStoreContext);
  if (!store) throw new Error('useToast() must be called inside <ToastProvider>.');
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { toasts, toast: store.toast, dismiss: store.dismiss };
}

interface ToastProps extends ToastOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** One toast: title, description, an optional action and a close button. */
export function Toast({ title, description, variant = 'default', action, duration, open, onOpenChange }: ToastProps) {
  return (
    <RadixToast.Root
      className={styles.toast({ variant })}
      open={open}
      onOpenChange={onOpenChange}
      duration={duration}
      // Errors interrupt (assertive); confirmations wait their turn (polite).
      type={variant === 'destructive' ? 'foreground' : 'background'}
    >
      <div className={styles.text}>
        {title ? <RadixToast.Title className={styles.title}>{title}</RadixToast.Title> : null}
        {description ? (
          <RadixToast.Description className={styles.description}>{description}</RadixToast.Description>
        ) : null}
      </div>
      {action ? (
        <RadixToast.Action className={styles.action} altText={action.label} onClick={action.onSelect}>
          {action.label}
        </RadixToast.Action>
      ) : null}
      <RadixToast.Close className={styles.close} aria-label="Close">
        <CloseIcon />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

/** Renders the store's toasts; mounted by ToastProvider. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <>
      {toasts.map(({ id, ...entry }) => (
        <Toast
          key={id}
          {...entry}
          onOpenChange={(open) => {
            if (!open) dismiss(id);
          }}
        />
      ))}
      <RadixToast.Viewport className={styles.viewport} />
    </>
  );
}
