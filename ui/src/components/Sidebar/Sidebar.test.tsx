import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { LinkProvider, type LinkComponentProps } from '../LinkProvider/LinkProvider';
import { Sidebar, isActivePath } from './Sidebar';

describe('isActivePath', () => {
  test('an item is active on its own path', () => {
    expect(isActivePath('/channels', '/channels')).toBe(true);
  });

  test('an item is active on paths that start with it', () => {
    expect(isActivePath('/admin/users/42', '/admin/users')).toBe(true);
  });

  test('"/" matches only "/", not every path', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/channels', '/')).toBe(false);
  });

  test('an unrelated path is not active', () => {
    expect(isActivePath('/billing', '/channels')).toBe(false);
  });
});

const groups = [
  {
    label: 'Operations',
    items: [
      { label: 'Dashboard', href: '/' },
      { label: 'Channels', href: '/channels' },
    ],
  },
];

describe('Sidebar', () => {
  test('marks exactly the current page', () => {
    render(<Sidebar groups={groups} currentPath="/channels" />);
    expect(screen.getByRole('link', { name: 'Channels' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  test('the menu button toggles the collapsed navigation and choosing a page closes it', async () => {
    const user = userEvent.setup();
    // jsdom cannot load another document: the link only records the press.
    function InertLink(props: LinkComponentProps) {
      return (
        <a
          {...props}
          onClick={(event) => {
            event.preventDefault();
            props.onClick?.(event);
          }}
        />
      );
    }
    render(
      <LinkProvider component={InertLink}>
        <Sidebar groups={groups} currentPath="/" />
      </LinkProvider>,
    );
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Channels' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('links render through the app-provided link component', () => {
    function RouterLink(props: LinkComponentProps) {
      return <a data-router-link="" {...props} />;
    }
    render(
      <LinkProvider component={RouterLink}>
        <Sidebar groups={groups} currentPath="/" />
      </LinkProvider>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('data-router-link');
  });
});
