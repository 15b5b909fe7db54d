import { waitFor, within } from 'storybook/test';

/**
 * Finds text inside the open toast. Radix also announces a toast's text in a hidden live region,
 * so a query over the whole page can match twice.
 */
export async function findInToast(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = document.body.querySelector<HTMLElement>('li[data-state="open"]');
    if (!toast) throw new Error('No toast is open');
    return within(toast).getByText(text);
  });
}
