import type { PremiumDeps } from '../modules/premium/apply-premium-change';
import { grantPremium } from '../modules/premium/grant-premium';
import { setAdminRole } from '../modules/admin/set-admin-role';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | premium <email> <days>';

/** `premium <email> <days>`: premium by hand (support, demos) until now + days. */
async function premiumByHand(deps: PremiumDeps, email: string, daysText: string, now: Date): Promise<{ code: number; message: string }> {
  const days = Number(daysText);
  if (!/^\d+$/.test(daysText) || !Number.isSafeInteger(days) || days < 1 || days > 3650) {
    return { code: 2, message: `${ADMIN_USAGE}\n<days> must be a whole number from 1 to 3650` };
  }
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  const user = await grantPremium(deps, email.trim(), expiresAt);
  if (!user) return { code: 1, message: `No account with the email ${email}` };
  return { code: 0, message: `${email} is premium until ${expiresAt.toISOString()}` };
}

/** `grant <email>` / `revoke <email>` / `premium <email> <days>`: answers the exit code and what to print. */
export async function runAdminCommand(deps: PremiumDeps, args: string[], now = new Date()): Promise<{ code: number; message: string }> {
  const [verb, email] = args;
  if (verb === 'premium') return args.length === 3 && email ? premiumByHand(deps, email, args[2]!, now) : { code: 2, message: ADMIN_USAGE };
  if ((verb !== 'grant' && verb !== 'revoke') || !email || args.length !== 2) return { code: 2, message: ADMIN_USAGE };
  const found = await setAdminRole(deps, email, verb === 'grant');
  if (!found) return { code: 1, message: `No account with the email ${email}` };
  return { code: 0, message: verb === 'grant' ? `${email} is now an admin` : `${email} is no longer an admin` };
}
