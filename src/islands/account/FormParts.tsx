/**
 * Small building blocks of the account forms: a labelled field with its
 * hint and error (aria-invalid, aria-describedby), the red bold error paragraph (role=alert,
 * spec §8 "Login failure") and the success line (role=status). Render only; state lives in
 * src/stores/signIn and src/stores/accountForms.
 */
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { NEW_PASSWORD_MIN_LENGTH } from '../../accounts/rules/newPassword';
import type { FormStatus } from '../../stores/accountForms';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** Shown under the field and read with it. */
  hint?: string | undefined;
  /** The field's error message, if any. */
  error?: string | undefined;
}

/** A labelled input; `error` marks it invalid and is read with it. */
export function Field({ id, label, hint, error, ...input }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="form__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form__field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A new password's field: type password, autocomplete new-password, required, the minimum length and its hint. */
export function NewPasswordField({ id, name, label = 'New password', error }: { id: string; name: string; label?: string; error?: string | undefined }) {
  return (
    <Field
      id={id}
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={NEW_PASSWORD_MIN_LENGTH}
      hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters`}
      error={error}
    />
  );
}

/** The red bold error paragraph, announced when it appears (role=alert). */
export function FormError({ message }: { message: string }) {
  return message ? (
    <p className="login-form__error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The form's message for its status: the error paragraph when failed, a status line when done. */
export function StatusMessage({ status }: { status: FormStatus }) {
  if (status.state === 'failed') return <FormError message={status.message} />;
  if (status.state === 'done')
    return (
      <p className="form__done" role="status">
        {status.message}
      </p>
    );
  return null;
}

/** The message of `field` when the status failed with one. */
export function fieldError(status: FormStatus, field: string): string | undefined {
  return status.state === 'failed' ? status.fields[field] : undefined;
}

/**
 * A step's heading. With `focus`, it takes focus when it mounts — for a step that replaces the
 * previous one (render it with `key={step}`), so keyboard and screen-reader users land on it.
 */
export function StepHeading({ children, level = 2, id, focus = false }: { children: ReactNode; level?: 2 | 3; id?: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only on mount: a re-render of the same step must not pull focus back.
  }, []);
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag ref={ref} id={id} tabIndex={-1} className="account-step__heading">
      {children}
    </Tag>
  );
}

/** Focuses the first invalid field of the form inside `ref` when `status` fails with fields. */
export function useFocusInvalid(status: FormStatus): RefObject<HTMLFormElement | null> {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (status.state === 'failed' && Object.keys(status.fields).length > 0) ref.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [status]);
  return ref;
}
