/**
 * The island of /account/login (spec §2 Route table "/account/login" "the same
 * form" as the account panel): signed out, the page's heading, text and the sign-in form (a
 * stored return address is followed after signing in); signed in, 'Your account' and the
 * summary. Hydrated on intent; src/browser/accountPage.ts wakes it once the login check finds the
 * visitor signed in. Props: the texts and URLs of the site settings.
 */
import { useStore } from '@nanostores/react';
import { user } from '../../stores/user';
import AccountSummary from './AccountSummary';
import SignInForm from './SignInForm';

export interface LoginPageProps {
  signInText: string;
  signInHeading: string;
  signInBody: string;
  forgotPasswordUrl: string;
  accountUrl: string;
  subscriptionsUrl: string;
  afterLogin?: string | undefined;
  clubName: string;
}

export default function LoginPage(props: LoginPageProps) {
  const { loggedIn } = useStore(user, { ssr: 'initial' });
  if (loggedIn) {
    return (
      <>
        <h1 id="signin-heading">Your account</h1>
        <AccountSummary clubName={props.clubName} accountUrl={props.accountUrl} subscriptionsUrl={props.subscriptionsUrl} />
      </>
    );
  }
  return (
    <>
      <h1 id="signin-heading">{props.signInHeading}</h1>
      <p>{props.signInBody}</p>
      <SignInForm
        idPrefix="page"
        signInText={props.signInText}
        forgotPasswordUrl={props.forgotPasswordUrl}
        afterLogin={props.afterLogin}
        hostedReturn="stored"
      />
    </>
  );
}
