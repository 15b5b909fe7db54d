import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { LinkProvider, type LinkComponentProps } from '../LinkProvider/LinkProvider';
import { Button } from './Button';

describe('Button', () => {
  test('is type="button" by default, so it never submits a form by accident', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  test('renders a link through the LinkProvider when given href', () => {
    function RouterLink(props: LinkComponentProps) {
      return <a data-router-link="" {...props} />;
    }
    render(
      <LinkProvider component={RouterLink}>
        <Button href="/auth">Get Started</Button>
      </LinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'Get Started' });
    expect(link).toHaveAttribute('href', '/auth');
    expect(link).toHaveAttribute('data-router-link');
  });

  test('a disabled link announces it and swallows presses', async () => {
    const onClick = vi.fn();
    render(
      <Button href="/billing" disabled onClick={onClick}>
        Billing
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Billing' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
  });

  test('while loading it keeps its label, is busy and ignores presses', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Send Reset Link
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
