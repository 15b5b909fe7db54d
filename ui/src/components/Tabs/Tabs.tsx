import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import * as styles from './Tabs.css';

// Thin wrappers over Radix Tabs (arrow-key navigation and ARIA come from Radix);
// they add only the design system's look.

export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={join(styles.root, className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={join(styles.list, className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={join(styles.trigger, className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={join(styles.content, className)} {...props} />;
}

function join(base: string, extra: string | undefined): string {
  return extra ? `${base} ${extra}` : base;
}
