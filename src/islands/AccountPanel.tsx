/**
 * Account panel (spec §2 Account panel; §4 Panels and background lock): a modal side panel from
 * the right (320px) over a dark underlay. Signed out: the sign-in form beside the register box,
 * and the login prompt's message when set; signed in: the account summary. A native modal
 * <dialog>: focus stays inside, Escape closes it, focus returns to the profile button.
 * State from src/stores/ui and src/stores/user, read with the server's values while hydrating.
 * The forms' styles (account-forms.css) are fetched when the panel first opens.
 */
import { useStore } from '@nanostores/react';
import { safeHref } from '../lib/escape';
import { $openPanel, closeAccountPanel, loginPrompt } from '../stores/ui';
import { user } from '../stores/user';
import AccountSummary from './account/AccountSummary';
import SignInForm from './account/SignInForm';
import { SvgIcon } from './SvgIcon';
import { useModalDialog } from './useModalDialog';
import accountFormsCss from '../styles/account-forms.css?url';
import '../styles/account.css';

export interface AccountPanelProps {
  signInText: string;
  signInHeading: string;
  signInBody: string;
  registerHeading: string;
  registerBody: string;
  registerButton: string;
  registerUrl: string;
  forgotPasswordUrl: string;
  /** Manage Account (site settings; default /account/profile). */
  accountUrl: string;
  /** View Subscriptions. */
  subscriptionsUrl: string;
  clubName: string;
}

export default function AccountPanel(props: AccountPanelProps) {
  const open = useStore($openPanel) === 'account';
  const prompt = useStore(loginPrompt, { ssr: 'initial' });
  const { loggedIn } = useStore(user, { ssr: 'initial' });
  const dialog = useModalDialog(open);

  return (
    // A click on the dark underlay (::backdrop) lands on the <dialog> itself and closes it; the
    // keyboard's way out is Escape, which the native modal dialog handles (onClose).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
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
      {open && <link rel="stylesheet" href={accountFormsCss} precedence="default" />}
      <div className="side-panel__inner">
        <div className="side-panel__top">
          <h2 id="account-panel-title" className="side-panel__title">
            {loggedIn ? 'Your account' : props.signInText}
          </h2>
          <button type="button" className="side-panel__close" aria-label="Close account panel" onClick={() => closeAccountPanel()}>
            <SvgIcon name="close" size={22} />
          </button>
        </div>
        {loggedIn ? (
          <AccountSummary clubName={props.clubName} accountUrl={props.accountUrl} subscriptionsUrl={props.subscriptionsUrl} />
        ) : (
          <div className="login-form">
            {prompt && (
              <p className="login-form__prompt" role="status">
                {prompt}
              </p>
            )}
            <section aria-labelledby="panel-signin-heading">
              <h3 id="panel-signin-heading">{props.signInHeading}</h3>
              <p>{props.signInBody}</p>
              <SignInForm idPrefix="panel" signInText={props.signInText} forgotPasswordUrl={props.forgotPasswordUrl} hostedReturn="here" />
            </section>
            <section className="register-box" aria-labelledby="panel-register-heading">
              <h3 id="panel-register-heading">{props.registerHeading}</h3>
              <p>{props.registerBody}</p>
              <a className="button button--ghost-light" href={safeHref(props.registerUrl)}>
                {props.registerButton}
              </a>
            </section>
          </div>
        )}
      </div>
    </dialog>
  );
}
