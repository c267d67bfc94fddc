import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  emailOnlyRequestSchema,
  registerFormSchema,
  type RegisterForm,
} from '@vizita/shared/contracts/auth';
import { ApiError } from './api-client';
import { useSchemaForm } from './use-schema-form';

const emptyRegistration = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  repeatPassword: '',
  termsAccepted: false,
};

/** A bare form, so the hook is tested without the design-system fields. */
function RegistrationForm({ onValid }: { onValid: (data: RegisterForm) => Promise<void> }) {
  const form = useSchemaForm({ schema: registerFormSchema, defaultValues: emptyRegistration });
  const onSubmit = form.handleSubmit(onValid);
  const input = (name: keyof typeof emptyRegistration, type = 'text') => {
    const { error, errorId, ...props } = form.field(name);
    return (
      <div>
        <label>
          {name}
          <input type={type} {...props} />
        </label>
        <p id={errorId}>{error}</p>
      </div>
    );
  };
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {input('firstName')}
      {input('lastName')}
      {input('email')}
      {input('password', 'password')}
      {input('repeatPassword', 'password')}
      {input('termsAccepted', 'checkbox')}
      <button type="submit" disabled={form.isSubmitting}>
        submit
      </button>
    </form>
  );
}

async function fillValidRegistration(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('firstName'), 'Maria');
  await user.type(screen.getByLabelText('lastName'), 'Ivanova');
  await user.type(screen.getByLabelText('email'), ' maria@example.bg ');
  await user.type(screen.getByLabelText('password'), 'Sofia-2026!');
  await user.type(screen.getByLabelText('repeatPassword'), 'Sofia-2026!');
  await user.click(screen.getByLabelText('termsAccepted'));
}

describe('useSchemaForm', () => {
  it('validates only the field that lost focus, with its first issue, translated', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm onValid={vi.fn()} />);
    const password = screen.getByLabelText('password');

    await user.type(password, 'short');
    expect(password).not.toHaveAttribute('aria-invalid');
    await user.tab();

    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
    // The other fields are invalid too, but nobody has left them yet.
    expect(screen.getByLabelText('firstName')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('repeatPassword')).not.toHaveAttribute('aria-invalid');
  });

  it('reports an issue of the whole object on the field its path names', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm onValid={vi.fn()} />);
    await fillValidRegistration(user);
    // zod runs an object's refinements only once its fields are valid, hence the full form.
    const repeat = screen.getByLabelText('repeatPassword');
    await user.type(repeat, '?');
    await user.click(screen.getByLabelText('email'));
    expect(repeat).toHaveAccessibleDescription('Passwords do not match');
  });

  it('clears a field error as soon as the user types, and only that one', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'submit' }));
    const firstName = screen.getByLabelText('firstName');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');

    await user.type(firstName, 'M');
    expect(firstName).not.toHaveAttribute('aria-invalid');
    expect(firstName).not.toHaveAttribute('aria-describedby');
    expect(screen.getByLabelText('lastName')).toHaveAttribute('aria-invalid', 'true');
  });

  it('on submit shows every error and focuses the first invalid field in page order', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<RegistrationForm onValid={onValid} />);
    await user.type(screen.getByLabelText('firstName'), 'Maria');
    await user.click(screen.getByRole('button', { name: 'submit' }));

    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByLabelText('lastName')).toHaveFocus();
    expect(screen.getByLabelText('lastName')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('termsAccepted')).toHaveAccessibleDescription(
      'You must accept the terms and conditions',
    );
    expect(screen.getByLabelText('firstName')).not.toHaveAttribute('aria-invalid');
  });

  it('submits the parsed output once, and is submitting until the handler settles', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<RegistrationForm onValid={onValid} />);
    await fillValidRegistration(user);

    const submit = screen.getByRole('button', { name: 'submit' });
    await user.click(submit);
    expect(submit).toBeDisabled();
    // A second submit while the first runs (Enter in a field) does nothing.
    await user.type(screen.getByLabelText('email'), '{Enter}');
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({
      firstName: 'Maria',
      lastName: 'Ivanova',
      email: 'maria@example.bg', // trimmed by the schema
      password: 'Sofia-2026!',
      repeatPassword: 'Sofia-2026!',
      termsAccepted: true,
    });

    await act(async () => finish());
    expect(submit).toBeEnabled();
  });

  it('puts the API field errors on the fields they name and ignores the others', () => {
    const { result } = renderHook(() =>
      useSchemaForm({ schema: emailOnlyRequestSchema, defaultValues: { email: '' } }),
    );
    const answer = new ApiError(
      400,
      'Validation failed',
      {
        success: false,
        errors: [
          { path: 'email', msg: 'Please enter a valid email address', code: 'emailInvalid' },
          { path: 'notAField', code: 'invalidValue' },
        ],
      },
      'validationFailed',
    );

    let applied = false;
    act(() => {
      applied = result.current.setServerErrors(answer);
    });
    expect(applied).toBe(true);
    expect(result.current.errors).toEqual({ email: 'emailInvalid' });
    expect(result.current.field('email')).toMatchObject({
      error: 'Please enter a valid email address',
      'aria-invalid': true,
      'aria-describedby': result.current.field('email').errorId,
    });

    act(() => {
      applied = result.current.setServerErrors(new Error('network'));
    });
    expect(applied).toBe(false);
  });

  it('translates an unknown key to the generic text', () => {
    const { result } = renderHook(() =>
      useSchemaForm({ schema: emailOnlyRequestSchema, defaultValues: { email: '' } }),
    );
    act(() => {
      result.current.setServerErrors(
        new ApiError(400, 'x', { errors: [{ path: 'email', code: 'too_small' }] }),
      );
    });
    expect(result.current.field('email').error).toBe('Invalid value');
  });

  it('sets several fields at once and clears only their errors', async () => {
    const { result } = renderHook(() =>
      useSchemaForm({
        schema: registerFormSchema,
        defaultValues: { ...emptyRegistration, firstName: 'Maria' },
      }),
    );
    await act(() => result.current.handleSubmit(vi.fn())());
    expect(result.current.errors).toMatchObject({
      email: 'emailRequired',
      password: 'passwordRequired',
    });

    act(() => result.current.setFieldValues({ email: 'maria@example.bg', firstName: '' }));
    expect(result.current.values).toMatchObject({ email: 'maria@example.bg', firstName: '' });
    expect(result.current.errors.email).toBeUndefined();
    expect(result.current.errors.firstName).toBeUndefined();
    expect(result.current.errors.password).toBe('passwordRequired');
  });

  it('reads a select like a text input', async () => {
    const user = userEvent.setup();
    function Form() {
      const form = useSchemaForm({ schema: emailOnlyRequestSchema, defaultValues: { email: '' } });
      const { error: _error, errorId: _errorId, ...props } = form.field('email');
      return (
        <>
          <label htmlFor="email-select">email</label>
          <select id="email-select" {...props}>
            <option value="">none</option>
            <option value="maria@example.bg">Maria</option>
          </select>
          <output>{form.values.email}</output>
        </>
      );
    }
    render(<Form />);
    await user.selectOptions(screen.getByLabelText('email'), 'Maria');
    expect(screen.getByRole('status')).toHaveTextContent('maria@example.bg');
  });

  it('resets to the defaults or to given values, without errors', async () => {
    const { result } = renderHook(() =>
      useSchemaForm({ schema: emailOnlyRequestSchema, defaultValues: { email: '' } }),
    );
    await act(() => result.current.handleSubmit(vi.fn())());
    expect(result.current.errors).toEqual({ email: 'emailRequired' });
    expect(result.current.hasEmptyField).toBe(true);

    act(() => result.current.reset({ email: 'maria@example.bg' }));
    expect(result.current.values).toEqual({ email: 'maria@example.bg' });
    expect(result.current.errors).toEqual({});
    expect(result.current.hasEmptyField).toBe(false);

    act(() => result.current.reset());
    expect(result.current.values).toEqual({ email: '' });
  });
});
