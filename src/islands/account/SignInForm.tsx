/**
 * The sign-in form of the account panel and /account/login (spec §2 Account panel signed out; §5
 * only the login call's error message is shown; §7 Sign-in): e-mail, password, forgot-password
 * link, Sign In, and the hosted providers (Google, Facebook, Sign in with Apple); a required new
 * password is asked in the same place. State and calls: src/stores/signIn.
 * Props: idPrefix ('panel' | 'page'), signInText, forgotPasswordUrl, afterLogin (site path),
 * hostedReturn ('here' | 'stored': where a hosted sign-in comes back to).
 */
import { useStore } from '@nanostores/react';
import type { FormEvent, MouseEvent } from 'react';
import { safeHref } from '../../lib/escape';
import { authorizeHref, HOSTED_SIGN_IN, type HostedSignInProvider } from '../../accounts/browser/accountsClient';
import { hostedReturnPath } from '../../stores/returnTo';
import { restartSignIn, signInForm, submitNewPassword, submitSignIn } from '../../stores/signIn';
import { Field, FormError, NewPasswordField, StepHeading } from './FormParts';

export interface SignInFormProps {
  idPrefix: string;
  signInText: string;
  forgotPasswordUrl: string;
  afterLogin?: string | undefined;
  hostedReturn: 'here' | 'stored';
}

export default function SignInForm({ idPrefix, signInText, forgotPasswordUrl, afterLogin, hostedReturn }: SignInFormProps) {
  const form = useStore(signInForm, { ssr: 'initial' });
  const submitting = form.status === 'submitting';
  const message = form.status === 'failed' ? form.message : '';

  const onSignIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void submitSignIn({ username: String(data.get('username') ?? ''), password: String(data.get('password') ?? '') }, { afterLogin });
  };
  const onNewPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitNewPassword(String(new FormData(event.currentTarget).get('newPassword') ?? ''), { afterLogin });
  };
  /**
   * Points the provider link at this page (or the stored return address) just before it is
   * followed. The link is a plain navigation, never fetched ahead: the client router
   * (data-astro-reload) and its prefetch on hover or tap (data-astro-prefetch="false") would each
   * call /api/auth/authorize once more, and that request's state cookie would replace the one
   * that matches the state the hosted page sends back (the callback then refuses it).
   */
  const onHosted = (provider: HostedSignInProvider) => (event: MouseEvent<HTMLAnchorElement>) => {
    const back = hostedReturn === 'here' ? `${location.pathname}${location.search}` : hostedReturnPath();
    event.currentTarget.href = authorizeHref(provider, back);
  };

  if (form.step === 'newPassword') {
    return (
      <form method="post" className="form" onSubmit={onNewPassword} aria-busy={submitting} aria-labelledby={`${idPrefix}-new-password-heading`}>
        <StepHeading level={3} id={`${idPrefix}-new-password-heading`} focus>
          Set a new password
        </StepHeading>
        <p>Your account needs a new password before you can sign in.</p>
        <FormError message={message} />
        <NewPasswordField id={`${idPrefix}-new-password`} name="newPassword" />
        <button className="button button--primary-light" type="submit" disabled={submitting}>
          Set password and sign in
        </button>
        <button className="button button--label-dark" type="button" onClick={restartSignIn}>
          Start again
        </button>
      </form>
    );
  }

  return (
    <>
      <form method="post" className="form" onSubmit={onSignIn} aria-busy={submitting}>
        <FormError message={message} />
        <Field id={`${idPrefix}-username`} name="username" label="Email address" type="email" autoComplete="username" inputMode="email" required />
        <Field id={`${idPrefix}-password`} name="password" label="Password" type="password" autoComplete="current-password" required />
        <a className="form__forgot" href={safeHref(forgotPasswordUrl)}>
          Forgotten your password?
        </a>
        <button className="button button--primary-light" type="submit" disabled={submitting}>
          {signInText}
        </button>
      </form>
      <p className="divider">
        <span>or sign in with</span>
      </p>
      <ul className="social-sign-in">
        {HOSTED_SIGN_IN.map(({ provider, label }) => (
          <li key={provider}>
            <a
              className="button button--ghost-dark"
              href={authorizeHref(provider, '/')}
              onClick={onHosted(provider)}
              data-astro-reload
              data-astro-prefetch="false"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
