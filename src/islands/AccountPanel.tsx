/**
 * Account panel (spec §2 Account panel): a modal side panel sliding in from the right (320px)
 * over a dark underlay, with a close button. Signed out: the register box and the sign-in form
 * (username, password, forgot-password link, social sign-in divider) — only the login call's
 * error message is shown (spec §5). Signed in: club logo, heading, welcome with the display name,
 * Account ID, 'Account Restrictions Bypassed' when bypassed, and Manage Account, View
 * Subscriptions and Log Out. A native modal <dialog>: focus stays inside while open, Escape
 * closes it and focus returns to the profile button.
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { safeHref } from '../lib/escape';
import { normaliseUsername, readLoginResponse, LOGIN_PROBLEM_MESSAGE } from '../lib/loginResponse';
import { accountHeaderOpen, closeAccountPanel, loginPrompt } from '../stores/ui';
import { setUserData, user } from '../stores/user';
import { showAccountNotification } from '../stores/notifications';
import { SvgIcon } from './SvgIcon';
import { useModalDialog } from './useModalDialog';

export interface AccountPanelProps {
  signInText: string;
  signInHeading: string;
  signInBody: string;
  registerHeading: string;
  registerBody: string;
  registerButton: string;
  registerUrl: string;
  forgotPasswordUrl: string;
  accountUrl: string;
  clubName: string;
}

export default function AccountPanel(props: AccountPanelProps) {
  const open = useStore(accountHeaderOpen);
  const prompt = useStore(loginPrompt);
  const current = useStore(user);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  /** Signs in through the platform API; only the login call's error message is shown (spec §5). */
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ username: normaliseUsername(String(form.get('username') ?? '')), password: String(form.get('password') ?? '') }),
      });
      const outcome = readLoginResponse(response.status, await response.json().catch(() => null));
      if (outcome.ok) {
        setUserData(outcome.user);
        closeAccountPanel();
        showAccountNotification('Logged In');
      } else {
        setError(outcome.message);
      }
    } catch {
      setError(LOGIN_PROBLEM_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const dialog = useModalDialog(open);

  return (
    <dialog
      ref={dialog}
      id="account-panel"
      className="side-panel"
      aria-labelledby="account-panel-title"
      onClose={() => closeAccountPanel()}
      onClick={(e) => {
        if (e.target === e.currentTarget) closeAccountPanel();
      }}
    >
      <div className="side-panel__inner">
        <div className="side-panel__top">
          <h2 id="account-panel-title" className="side-panel__title">{current.loggedIn ? 'Your account' : props.signInText}</h2>
          <button type="button" className="side-panel__close" aria-label="Close account panel" onClick={() => closeAccountPanel()}>
            <SvgIcon name="close" size={22} />
          </button>
        </div>
        {current.loggedIn ? (
          <div className="account-summary">
            <img src="/media/club/crest.svg" width={48} height={56} alt={props.clubName} />
            <p className="account-summary__welcome">Welcome, {current.userDisplayName}</p>
            <p>Account ID: {current.ssoID}</p>
            {current.bypassed && <p className="pill pill--navy">Account Restrictions Bypassed</p>}
            <div className="account-summary__actions">
              <a className="button button--primary-dark" href={safeHref(props.accountUrl)}>Manage Account</a>
              <a className="button button--ghost-dark" href="/videos/subscriptions">View Subscriptions</a>
              <a className="button button--label-dark" href="/api/auth/logout">Log Out</a>
            </div>
          </div>
        ) : (
          <div className="login-form">
            {prompt && <p className="login-form__prompt" role="status">{prompt}</p>}
            <section aria-labelledby="panel-signin-heading">
              <h3 id="panel-signin-heading">{props.signInHeading}</h3>
              <p>{props.signInBody}</p>
              <form method="post" action="/api/auth/login" className="form" onSubmit={onSubmit} aria-busy={busy}>
                {error && <p className="login-form__error" role="alert">{error}</p>}
                <label htmlFor="panel-username">Email address</label>
                <input id="panel-username" name="username" type="email" autoComplete="username" required />
                <label htmlFor="panel-password">Password</label>
                <input id="panel-password" name="password" type="password" autoComplete="current-password" required />
                <a className="form__forgot" href={safeHref(props.forgotPasswordUrl)}>Forgotten your password?</a>
                <button className="button button--primary-light" type="submit" disabled={busy}>{props.signInText}</button>
              </form>
              <p className="divider"><span>or sign in with</span></p>
              <div className="social-sign-in">
                <a className="button button--ghost-dark" href="/api/auth/authorize?provider=Google">Continue with Google</a>
                <a className="button button--ghost-dark" href="/api/auth/authorize?provider=Facebook">Continue with Facebook</a>
                <a className="button button--ghost-dark" href="/api/auth/authorize?provider=SignInWithApple">Sign in with Apple</a>
              </div>
            </section>
            <section className="register-box" aria-labelledby="panel-register-heading">
              <h3 id="panel-register-heading">{props.registerHeading}</h3>
              <p>{props.registerBody}</p>
              <a className="button button--ghost-light" href={safeHref(props.registerUrl)}>{props.registerButton}</a>
            </section>
          </div>
        )}
      </div>
    </dialog>
  );
}
