import { signUpPath, useAccount } from '../../auth/index.ts';
import { LINKS } from '../content.ts';

/**
 * Where the page's account buttons lead: signed in, "Open app" and straight to the ICP Builder;
 * otherwise Sign In, and the calls to start a campaign through Sign Up on to the ICP Builder.
 */
export function useAccountLinks() {
  const signedIn = Boolean(useAccount().data);
  return signedIn
    ? { signIn: { label: 'Open app', to: LINKS.openApp }, startCampaign: LINKS.startCampaign }
    : { signIn: { label: 'Sign In', to: LINKS.signIn }, startCampaign: signUpPath(LINKS.startCampaign) };
}
