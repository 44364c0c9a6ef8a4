// The page modules (paths under web/) of the first screens a visit loads: the build groups their code
// into a few chunks (vite.config.ts) and `npm run check:bundle` budgets what each one downloads.

/** The landing page of the SPA (`/` signed out, and other addresses). */
export const LANDING_SCREEN = ['features/landing/landing-page.tsx'];

/** The signed-in shell with Explore (`/` signed in). */
export const SIGNED_IN_SCREEN = ['app/layouts/app-shell.tsx', 'features/explore/explore-page.tsx'];
