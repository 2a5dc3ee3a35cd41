/**
 * Registration and confirmation on /account/register and /account/confirm (spec §5: sign-up always
 * adds the email attribute): name, e-mail and password; then the e-mailed code (with 'Send a new
 * code'); then, signed in with that password, a link to the account (else a link to sign in).
 * Each new step's heading takes focus. State and calls: src/stores/accountForms `registration`.
 * Props: start ('details' | 'confirm': the confirm page asks for the e-mail too), loginUrl.
 */
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { safeHref } from '../../lib/escape';
import { registration, resendConfirmationCode, submitConfirmation, submitRegistration } from '../../stores/accountForms';
import { Field, fieldError, NewPasswordField, StatusMessage, StepHeading, useFocusInvalid } from './FormParts';

export interface RegisterFormProps {
  start: 'details' | 'confirm';
  loginUrl: string;
  confirmUrl: string;
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

export default function RegisterForm({ start, loginUrl, confirmUrl }: RegisterFormProps) {
  const state = useStore(registration, { ssr: 'initial' });
  const step = state.step === 'details' && start === 'confirm' ? 'confirm' : state.step;
  const { status } = state;
  const submitting = status.state === 'submitting';
  const formRef = useFocusInvalid(status);
  const moved = step !== start;

  if (step === 'confirmed' && state.signedIn) {
    return (
      <div className="account-step">
        <StepHeading key="confirmed" focus={moved}>
          Your account is confirmed
        </StepHeading>
        <p>You are signed in as {state.email}.</p>
        <a className="button button--primary-light" href={safeHref(loginUrl)}>
          Your account
        </a>
      </div>
    );
  }

  if (step === 'confirmed') {
    return (
      <div className="account-step">
        <StepHeading key="confirmed" focus={moved}>
          Your account is confirmed
        </StepHeading>
        <p>You can now sign in with {state.email || 'your e-mail address'} and your password.</p>
        <a className="button button--primary-light" href={safeHref(loginUrl)}>
          Sign in
        </a>
      </div>
    );
  }

  if (step === 'confirm') {
    const onConfirm = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      void submitConfirmation({ email: state.email || text(data, 'email'), code: text(data, 'code') });
    };
    const onResend = () => {
      const email = state.email || String(formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.value ?? '');
      void resendConfirmationCode(email);
    };
    return (
      <form ref={formRef} method="post" className="form account-step" onSubmit={onConfirm} aria-busy={submitting} aria-labelledby="confirm-heading">
        {moved && (
          <StepHeading key="confirm" id="confirm-heading" focus>
            Confirm your account
          </StepHeading>
        )}
        <p>
          {state.email
            ? `We have e-mailed a code to ${state.email}. Enter it here to confirm your account.`
            : 'Enter your e-mail address and the code we e-mailed you.'}
        </p>
        <StatusMessage status={status} />
        {!state.email && (
          <Field
            id="confirm-email"
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={fieldError(status, 'email')}
          />
        )}
        <Field
          id="confirm-code"
          name="code"
          label="Confirmation code"
          type="text"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          required
          error={fieldError(status, 'code')}
        />
        <button className="button button--primary-light" type="submit" disabled={submitting}>
          Confirm account
        </button>
        <button className="button button--label-dark" type="button" onClick={onResend} disabled={submitting}>
          Send a new code
        </button>
      </form>
    );
  }

  const onRegister = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void submitRegistration({ displayName: text(data, 'displayName'), email: text(data, 'email'), password: text(data, 'password') });
  };
  return (
    <form ref={formRef} method="post" className="form account-step" onSubmit={onRegister} aria-busy={submitting}>
      <StatusMessage status={status} />
      <Field
        id="register-name"
        name="displayName"
        label="Display name"
        type="text"
        autoComplete="nickname"
        required
        maxLength={64}
        error={fieldError(status, 'displayName')}
      />
      <Field
        id="register-email"
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldError(status, 'email')}
      />
      <NewPasswordField id="register-password" name="password" label="Password" error={fieldError(status, 'password')} />
      <button className="button button--primary-light" type="submit" disabled={submitting}>
        Create account
      </button>
      <p className="form__hint">
        Already have a code? <a href={safeHref(confirmUrl)}>Confirm your account</a>
      </p>
      <p className="form__hint">
        Already have an account? <a href={safeHref(loginUrl)}>Sign in</a>
      </p>
    </form>
  );
}
