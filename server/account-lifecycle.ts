/**
 * The one place that knows what every domain does over an account's life (issue 17): auth raises
 * the events (`server/auth/account-events.ts`), each domain does its own part here, in order.
 */
import { setAccountEvents } from "./auth/account-events";
import { sendWelcomeEmail } from "./auth/auth-emails";
import { endMembershipsOfLeavingAccount } from "./commerce/memberships/memberships";
import { creditPreRegistrationBonus } from "./commerce/pre-registration";
import { assignHandle } from "./community/creators";
import { deleteCommunityUserData } from "./community/list-cache";
import { grantSignupTokens } from "./generation/ledger";
import { loadTokenSettings } from "./generation/token-settings";
import { addNotification } from "./notify/notifications";
import { deleteUserFiles } from "./storage/storage";

export function wireAccountLifecycle(): void {
  setAccountEvents({
    async created(db, account) {
      await assignHandle(db, account);
      await grantSignupTokens(db, account.id, (await loadTokenSettings(db)).signupGrant);
      // Accounts that arrive verified (OAuth) claim a pre-registration bonus now.
      await creditPreRegistrationBonus(db, account);
    },
    async verified(db, account) {
      await addNotification(db, account.id, {
        status: "success",
        title: "Welcome to Atelier",
        message: "Your email is verified. Start with text to art, or see what the community is making.",
      });
      await sendWelcomeEmail(account);
      await creditPreRegistrationBonus(db, { ...account, emailVerified: true });
    },
    async deleting(db, account) {
      // A deleted account must never be charged again.
      await endMembershipsOfLeavingAccount(db, account.id);
    },
    async deleted(_db, account) {
      deleteCommunityUserData();
      await deleteUserFiles(account.id);
    },
  });
}
