import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  emailOnlyRequestSchema,
  registerFormSchema,
  type RegisterForm,
} from '@vizita/shared/contracts/auth';
import { ApiError } from './api-client';
import { formSchema } from './form-schema';
import { useSchemaForm, type FieldProps } from './use-schema-form';

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
        message: 'Please enter a valid email address',
        code: 'validationFailed',
        errors: [
          { path: 'email', msg: 'Please enter a valid email address', code: 'emailInvalid' },
          { path: 'notAField', msg: 'Invalid value', code: 'invalidValue' },
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
        new ApiError(400, 'x', {
          success: false,
          message: 'x',
          code: 'validationFailed',
          errors: [{ path: 'email', msg: 'x', code: 'too_small' }],
        }),
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

/** Values that nest: a text, an object of texts, a list of choices and a list of rows. */
const hoursSchema = z.object({
  title: z.string().check(z.minLength(1, 'invalidValue')),
  bios: z.object({ en: z.string().check(z.maxLength(5, 'fieldTooLong')), de: z.string() }),
  languages: z.array(z.string()).check(z.minLength(1, 'invalidValue')),
  ranges: z
    .array(
      z.object({
        start: z.string().check(z.regex(/^\d\d:\d\d$/, 'scheduleTimeInvalid')),
        end: z.string().check(z.regex(/^\d\d:\d\d$/, 'scheduleTimeInvalid')),
      }),
    )
    .check(z.maxLength(3, 'scheduleTooMany')),
});
type HoursValues = z.infer<typeof hoursSchema>;

const someHours: HoursValues = {
  title: 'Dr.',
  bios: { en: '', de: '' },
  languages: ['bg'],
  ranges: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '17:00' },
  ],
};

function HoursForm({ onValid }: { onValid: (data: HoursValues) => void }) {
  const form = useSchemaForm({ schema: hoursSchema, defaultValues: someHours });
  const onSubmit = form.handleSubmit(onValid);
  const input = (label: string, { error, errorId, ...props }: FieldProps<string>) => (
    <div>
      <label>
        {label}
        <input {...props} />
      </label>
      <p id={errorId}>{error}</p>
    </div>
  );
  const languages = form.field('languages');
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {input('title', form.field('title'))}
      {input('bio en', form.field('bios.en'))}
      {form.values.ranges.map((_, index) => (
        <div key={index}>
          {input(`start ${index}`, form.field(`ranges.${index}.start`))}
          {input(`end ${index}`, form.field(`ranges.${index}.end`))}
          <button type="button" onClick={() => form.remove('ranges', index)}>
            remove {index}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => form.append('ranges', { start: '', end: '' })}>
        add
      </button>
      <label>
        German
        <input
          type="checkbox"
          name={languages.name}
          checked={languages.value.includes('de')}
          onChange={(event) =>
            languages.onChange(event.target.checked ? [...languages.value, 'de'] : ['bg'])
          }
        />
      </label>
      <output>{form.values.languages.join(',')}</output>
      <button type="submit">submit</button>
    </form>
  );
}

describe('useSchemaForm with nested values and lists', () => {
  it('names a nested field by its path, shows its issue there, and focuses it first in page order', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<HoursForm onValid={onValid} />);
    await user.clear(screen.getByLabelText('end 1'));
    await user.type(screen.getByLabelText('end 1'), 'late');
    await user.type(screen.getByLabelText('bio en'), 'A long bio');
    await user.click(screen.getByRole('button', { name: 'submit' }));

    expect(onValid).not.toHaveBeenCalled();
    const bio = screen.getByLabelText('bio en');
    expect(bio).toHaveAttribute('name', 'bios.en');
    expect(bio).toHaveFocus();
    expect(bio).toHaveAccessibleDescription('This field is too long');
    expect(screen.getByLabelText('end 1')).toHaveAttribute('name', 'ranges.1.end');
    expect(screen.getByLabelText('end 1')).toHaveAccessibleDescription(
      'Please enter a time as HH:MM',
    );
    expect(screen.getByLabelText('start 1')).not.toHaveAttribute('aria-invalid');

    // Typing clears that field's error only.
    await user.type(bio, '{Backspace}');
    expect(bio).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('end 1')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a nested field when it loses focus', async () => {
    const user = userEvent.setup();
    render(<HoursForm onValid={vi.fn()} />);
    await user.clear(screen.getByLabelText('start 0'));
    await user.tab();
    expect(screen.getByLabelText('start 0')).toHaveAccessibleDescription(
      'Please enter a time as HH:MM',
    );
    expect(screen.getByLabelText('end 0')).not.toHaveAttribute('aria-invalid');
  });

  it('adds and removes rows; the errors of later rows move up with them', async () => {
    const user = userEvent.setup();
    render(<HoursForm onValid={vi.fn()} />);
    await user.clear(screen.getByLabelText('start 0'));
    await user.click(screen.getByRole('button', { name: 'add' }));
    await user.type(screen.getByLabelText('start 2'), '08:00');
    await user.click(screen.getByRole('button', { name: 'submit' }));
    // Each row's problem is its own: the first on the page takes the focus.
    expect(screen.getByLabelText('start 0')).toHaveFocus();
    expect(screen.getByLabelText('end 2')).toHaveAccessibleDescription(
      'Please enter a time as HH:MM',
    );

    await user.click(screen.getByRole('button', { name: 'remove 0' }));
    expect(screen.queryByLabelText('start 2')).toBeNull();
    expect(screen.getByLabelText('start 1')).toHaveValue('08:00');
    expect(screen.getByLabelText('end 1')).toHaveAccessibleDescription(
      'Please enter a time as HH:MM',
    );
    expect(screen.getByLabelText('start 0')).toHaveValue('13:00');
    expect(screen.getByLabelText('start 0')).not.toHaveAttribute('aria-invalid');
  });

  it('puts a rule about a whole list on the list, and a list of choices takes the new list', async () => {
    const { result } = renderHook(() =>
      useSchemaForm({
        schema: hoursSchema,
        defaultValues: {
          ...someHours,
          languages: [] as string[],
          ranges: [
            ...someHours.ranges,
            { start: '18:00', end: '19:00' },
            { start: '20:00', end: '21:00' },
          ],
        },
      }),
    );
    await act(() => result.current.handleSubmit(vi.fn())());
    expect(result.current.errors).toEqual({ languages: 'invalidValue', ranges: 'scheduleTooMany' });
    expect(result.current.field('languages')).toMatchObject({ value: [], 'aria-invalid': true });

    act(() => result.current.field('languages').onChange(['bg', 'de']));
    expect(result.current.values.languages).toEqual(['bg', 'de']);
    expect(result.current.errors.languages).toBeUndefined();
    act(() => result.current.remove('ranges', 3));
    expect(result.current.errors).toEqual({});
  });

  it('puts the API field errors on nested paths, and on flat names that hold a dot', () => {
    const answer = (path: string) =>
      new ApiError(400, 'x', {
        success: false,
        message: 'x',
        code: 'validationFailed',
        errors: [{ path, msg: 'x', code: 'scheduleOverlap' }],
      });
    const nested = renderHook(() =>
      useSchemaForm({ schema: hoursSchema, defaultValues: someHours }),
    );
    act(() => void nested.result.current.setServerErrors(answer('ranges.1.end')));
    expect(nested.result.current.errors).toEqual({ 'ranges.1.end': 'scheduleOverlap' });
    expect(nested.result.current.field('ranges.1.end').error).toBe(
      'This range overlaps another one on the same day',
    );

    // The profile forms hold the insurance flat, under the payload's own paths.
    const flatSchema = z.object({ 'insurance.type': z.string() });
    const flat = renderHook(() =>
      useSchemaForm({ schema: flatSchema, defaultValues: { 'insurance.type': '' } }),
    );
    act(() => void flat.result.current.setServerErrors(answer('insurance.type')));
    expect(flat.result.current.errors).toEqual({ 'insurance.type': 'scheduleOverlap' });
  });

  it("judges a form's own values by a contract of another shape (formSchema)", async () => {
    const feeSchema = z.object({
      feeMinor: z.int('invalidValue').check(z.minimum(0, 'invalidValue')),
      title: z.string(),
    });
    const schema = formSchema({
      schema: feeSchema,
      toInput: ({ fee, title }: { fee: string; title: string }) => ({
        feeMinor: /^\d+$/.test(fee) ? Number(fee) * 100 : Number.NaN,
        title,
      }),
      // A rule the contract cannot know: here, that a free consultation needs no title.
      check: ({ feeMinor, title }) =>
        feeMinor > 0 && title === '' ? [{ path: ['title'], message: 'invalidValue' }] : [],
      fieldOf: (path) => (path[0] === 'feeMinor' ? ['fee'] : path),
    });
    const onValid = vi.fn();
    const { result } = renderHook(() =>
      useSchemaForm({ schema, defaultValues: { fee: 'sixty', title: '' } }),
    );
    await act(() => result.current.handleSubmit(onValid)());
    expect(result.current.errors).toEqual({ fee: 'invalidValue' });

    act(() => result.current.setValue('fee', '60'));
    await act(() => result.current.handleSubmit(onValid)());
    expect(result.current.errors).toEqual({ title: 'invalidValue' });

    act(() => result.current.setValue('title', 'Dr.'));
    await act(() => result.current.handleSubmit(onValid)());
    expect(onValid).toHaveBeenCalledWith({ feeMinor: 6000, title: 'Dr.' });
  });
});
