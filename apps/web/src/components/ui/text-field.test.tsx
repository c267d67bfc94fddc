import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from './checkbox-field';
import { TextField } from './text-field';

describe('form field error line', () => {
  it('is in place before an error appears, so showing one moves nothing below it', () => {
    const { rerender } = render(<TextField label="Email" hint="We never share it" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAccessibleDescription('We never share it');
    expect(input).not.toHaveAttribute('aria-invalid');
    const line = document.querySelector('[aria-live]')!;
    expect(line).toHaveAttribute('aria-live', 'polite');
    expect(line).toBeEmptyDOMElement();

    rerender(<TextField label="Email" hint="We never share it" error="Email is required" />);
    // The same element, now with text: announced as a live region, and describing the input.
    expect(line).toHaveTextContent('Email is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Email is required');
  });

  it('uses the error id a form chose, once, next to an aria-describedby of its own', () => {
    render(
      <CheckboxField
        label="I accept"
        error="You must accept"
        errorId="terms-error"
        aria-describedby="terms-error"
      />,
    );
    const checkbox = screen.getByLabelText('I accept');
    expect(checkbox).toHaveAttribute('aria-describedby', 'terms-error');
    expect(checkbox).toHaveAccessibleDescription('You must accept');
    expect(document.getElementById('terms-error')).toHaveAttribute('aria-live', 'polite');
  });
});
