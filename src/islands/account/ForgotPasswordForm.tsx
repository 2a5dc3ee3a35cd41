/**
 * Forgotten password (our own /account/forgot-password replaces the external
 * account site; spec §7 "forgot password, confirm password"): the e-mail address; then the
 * e-mailed code and a new password; then a link to sign in. The answer to the first step is the
 * same whether or not the account exists. Each new step's heading takes focus. State and calls:
 * src/stores/accountForms `passwordReset`. Props: loginUrl.
 */
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { safeHref } from '../../lib/escape';
import { passwordReset, requestPasswordReset, restartPasswordReset, submitPasswordReset } from '../../stores/accountForms';
import { Field, fieldError, NewPasswordField, StatusMessage, StepHeading, useFocusInvalid } from './FormParts';

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

export default function ForgotPasswordForm({ loginUrl }: { loginUrl: string }) {
  const state = useStore(passwordReset, { ssr: 'initial' });
  const { status, step } = state;
  const submitting = status.state === 'submitting';
  const formRef = useFocusInvalid(status);

  if (step === 'done') {
    return (
      <div className="account-step">
        <StepHeading key="done" focus>
          Your password has been reset
        </StepHeading>
        <p>Sign in with your new password.</p>
        <a className="button button--primary-light" href={safeHref(loginUrl)}>
          Sign in
        </a>
      </div>
    );
  }

  if (step === 'reset') {
    const onReset = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      void submitPasswordReset({ email: state.email, code: text(data, 'code'), newPassword: text(data, 'newPassword') });
    };
    return (
      <form ref={formRef} method="post" className="form account-step" onSubmit={onReset} aria-busy={submitting} aria-labelledby="reset-heading">
        <StepHeading key="reset" id="reset-heading" focus>
          Choose a new password
        </StepHeading>
        <p>If {state.email} has an account, we have e-mailed it a code. Enter the code and your new password.</p>
        <StatusMessage status={status} />
        <input type="email" name="username" autoComplete="username" value={state.email} readOnly hidden />
        <Field
          id="reset-code"
          name="code"
          label="Code"
          type="text"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          required
          error={fieldError(status, 'code')}
        />
        <NewPasswordField id="reset-password" name="newPassword" error={fieldError(status, 'newPassword')} />
        <button className="button button--primary-light" type="submit" disabled={submitting}>
          Reset password
        </button>
        <button className="button button--label-dark" type="button" onClick={restartPasswordReset}>
          Use another e-mail address
        </button>
      </form>
    );
  }

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void requestPasswordReset(text(new FormData(event.currentTarget), 'email'));
  };
  return (
    <form ref={formRef} method="post" className="form account-step" onSubmit={onRequest} aria-busy={submitting}>
      <p>Enter the e-mail address of your account and we will send you a code to reset your password.</p>
      <StatusMessage status={status} />
      <Field
        id="forgot-email"
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldError(status, 'email')}
      />
      <button className="button button--primary-light" type="submit" disabled={submitting}>
        Send code
      </button>
    </form>
  );
}
