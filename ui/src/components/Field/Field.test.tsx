import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Field, TextField } from './Field';

describe('Field', () => {
  test('labels the control and describes it with the error first, then the hint', () => {
    render(<TextField label="Email" hint="We never share it." error="Enter a valid email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email We never share it.');
  });

  test('a control without error is neither invalid nor described by an error', () => {
    render(<TextField label="Email" hint="We never share it." />);
    const input = screen.getByLabelText('Email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We never share it.');
  });

  test('no description at all leaves aria-describedby off', () => {
    render(<TextField label="Email" />);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-describedby');
  });

  test('an explicit id is used for the control', () => {
    render(
      <Field label="Token" id="verify-token">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText('Token')).toHaveAttribute('id', 'verify-token');
  });
});
