import * as RadixAccordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '../icons';
import * as styles from './Accordion.css';

interface AccordionProps {
  /** The item open at first, if any. */
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
}

/** One item open at a time, and the open one can be collapsed (the FAQ behaviour of the spec). */
export function Accordion({ defaultValue, value, onValueChange, children }: AccordionProps) {
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      className={styles.root}
      defaultValue={defaultValue}
      value={value}
      onValueChange={onValueChange}
    >
      {children}
    </RadixAccordion.Root>
  );
}

interface AccordionItemProps {
  value: string;
  /** The question: the text of the button that opens the item. */
  title: ReactNode;
  children: ReactNode;
}

export function AccordionItem({ value, title, children }: AccordionItemProps) {
  return (
    <RadixAccordion.Item value={value} className={styles.item}>
      <RadixAccordion.Header className={styles.header}>
        <RadixAccordion.Trigger className={styles.trigger}>
          {title}
          <ChevronDownIcon className={styles.chevron} />
        </RadixAccordion.Trigger>
      </RadixAccordion.Header>
      <RadixAccordion.Content className={styles.content}>
        <div className={styles.contentInner}>{children}</div>
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
