/**
 * The account panel's and upgrade promo's texts and addresses from the site and platform
 * settings (spec §2 Account panel, Other overlays; §3 Site settings), for the islands that render
 * them: the Default layout's header actions and the Streamer layout's account corner.
 */
import { videosUrl } from '../lib/routes';
import { getPlatformSettings, getSiteSettings } from './settings';

/** Props of src/islands/HeaderActions and src/islands/StreamerAccount. */
export async function getAccountIslandProps() {
  const [platform, site] = await Promise.all([getPlatformSettings(), getSiteSettings()]);
  return {
    signInText: platform.signInText,
    account: {
      signInHeading: site.signIn.heading,
      signInBody: site.signIn.body,
      registerHeading: site.register.heading,
      registerBody: site.register.body,
      registerButton: site.register.buttonText,
      registerUrl: site.portalUrls.register,
      forgotPasswordUrl: site.portalUrls.forgotPassword,
      accountUrl: site.portalUrls.account,
      subscriptionsUrl: videosUrl('subscriptions'),
      clubName: platform.clubName,
    },
    upgrade: site.upgradeNotice,
  };
}
