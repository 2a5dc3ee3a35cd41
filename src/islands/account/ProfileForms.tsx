/**
 * The profile page's island (our own /account/profile replaces the external
 * account site; spec §5 'Your details have been successfully updated', 'Your password has been
 * successfully updated', 'No active user'): the account's e-mail and Account ID, the display name
 * form, the change-password form and Log Out. Signed out (or before the login check), it says to
 * sign in — the block `data-show-when="signed-out"` that src/styles/account.css keeps hidden
 * while the check runs; src/browser/accountPage.ts wakes the island once signed in. State and
 * calls: src/stores/user, src/stores/accountForms. Props: loginUrl (with the return address).
 */
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { safeHref } from '../../lib/escape';
import { passwordChange, profileUpdate, submitPasswordChange, submitProfile } from '../../stores/accountForms';
import { logOut } from '../../stores/session';
import { user } from '../../stores/user';
import { Field, fieldError, NewPasswordField, StatusMessage, useFocusInvalid } from './FormParts';

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

export default function ProfileForms({ loginUrl }: { loginUrl: string }) {
  const current = useStore(user, { ssr: 'initial' });
  const details = useStore(profileUpdate, { ssr: 'initial' });
  const password = useStore(passwordChange, { ssr: 'initial' });
  const detailsRef = useFocusInvalid(details);
  const passwordRef = useFocusInvalid(password);

  if (!current.loggedIn) {
    return (
      <div data-show-when="signed-out">
        <h1>Your account</h1>
        <p>Sign in to see and change your account details.</p>
        <a className="button button--primary-light" href={safeHref(loginUrl)}>
          Sign in
        </a>
      </div>
    );
  }

  const onDetails = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitProfile(text(new FormData(event.currentTarget), 'displayName'));
  };
  const onPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void submitPasswordChange({ previousPassword: text(data, 'previousPassword'), proposedPassword: text(data, 'proposedPassword') }).then(() => {
      if (passwordChange.get().state === 'done') form.reset();
    });
  };

  return (
    <>
      <h1>Your account</h1>
      <dl className="account-facts">
        <dt>Email address</dt>
        <dd>{current.email}</dd>
        <dt>Account ID</dt>
        <dd>{current.ssoID}</dd>
      </dl>
      {current.bypassed && <p className="pill pill--navy">Account Restrictions Bypassed</p>}

      <form
        key={current.ssoID}
        ref={detailsRef}
        method="post"
        className="form"
        onSubmit={onDetails}
        aria-labelledby="details-heading"
        aria-busy={details.state === 'submitting'}
      >
        <h2 id="details-heading">Your details</h2>
        <StatusMessage status={details} />
        <Field
          id="profile-name"
          name="displayName"
          label="Display name"
          type="text"
          autoComplete="nickname"
          required
          maxLength={64}
          defaultValue={current.userDisplayName}
          error={fieldError(details, 'displayName')}
        />
        <button className="button button--primary-light" type="submit" disabled={details.state === 'submitting'}>
          Save details
        </button>
      </form>

      <form
        ref={passwordRef}
        method="post"
        className="form"
        onSubmit={onPassword}
        aria-labelledby="password-heading"
        aria-busy={password.state === 'submitting'}
      >
        <h2 id="password-heading">Change password</h2>
        <StatusMessage status={password} />
        <input type="email" name="username" autoComplete="username" value={current.email} readOnly hidden />
        <Field
          id="profile-current-password"
          name="previousPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={fieldError(password, 'previousPassword')}
        />
        <NewPasswordField id="profile-new-password" name="proposedPassword" error={fieldError(password, 'proposedPassword')} />
        <button className="button button--primary-light" type="submit" disabled={password.state === 'submitting'}>
          Change password
        </button>
      </form>

      <button className="button button--ghost-dark" type="button" onClick={() => void logOut()}>
        Log Out
      </button>
    </>
  );
}
