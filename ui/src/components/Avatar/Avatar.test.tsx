import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Avatar, avatarInitials, displayName } from './Avatar';

describe('avatarInitials', () => {
  test('uses the first letters of first and last name, uppercase', () => {
    expect(avatarInitials({ firstName: 'jane', lastName: 'cooper', email: 'x@example.com' })).toBe('JC');
  });

  test('falls back to the first letter of the email when a name is missing', () => {
    expect(avatarInitials({ firstName: null, lastName: null, email: 'orders@solo.example' })).toBe('O');
    expect(avatarInitials({ firstName: 'Jane', lastName: '', email: 'jane@example.com' })).toBe('J');
    expect(avatarInitials({ firstName: '  ', lastName: 'Cooper', email: 'zed@example.com' })).toBe('Z');
  });
});

describe('displayName', () => {
  test('is "First Last", else the email', () => {
    expect(displayName({ firstName: 'Jane', lastName: 'Cooper', email: 'jane@example.com' })).toBe('Jane Cooper');
    expect(displayName({ firstName: 'Jane', lastName: null, email: 'jane@example.com' })).toBe('jane@example.com');
  });
});

describe('Avatar', () => {
  test('shows the photo when there is one', () => {
    const { container } = render(
      <Avatar firstName="Li" lastName="Wei" email="li@example.com" profileImageUrl="/li.png" />,
    );
    expect(screen.getByRole('img', { name: 'Li Wei' })).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', '/li.png');
  });

  test('falls back to initials when the photo fails to load', () => {
    const { container } = render(
      <Avatar firstName="Li" lastName="Wei" email="li@example.com" profileImageUrl="/broken.png" />,
    );
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(screen.getByRole('img', { name: 'Li Wei' })).toHaveTextContent('LW');
  });

  test('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Avatar email="orders@solo.example" decorative />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container).toHaveTextContent('O');
  });
});
