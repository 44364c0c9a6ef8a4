import { Suspense, useEffect, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import { safeReturnTo } from '@shared/return-to';
import { LoadingScreen } from '@web/components/loading-screen';
import { lazyPart, markFirstScreenShown, WHEN_RENDERED } from '@web/lib/after-first-paint';
import { useUser } from '@web/lib/use-user';

/**
 * Pages load on demand, so a visitor's first paint does not pay for the whole app. A page whose code
 * cannot come (the network went before the service worker kept the app) shows the loading screen, under
 * the offline banner, until the network is back, then shows itself.
 */
function page<M extends Record<string, unknown>>(loader: () => Promise<M>, name: keyof M) {
  return lazyPart(async () => (await loader())[name] as ComponentType, LoadingScreen, WHEN_RENDERED);
}

// The landing page and the signed-in shell are chunks of their own too: a visitor never downloads the
// shell (sidebar, search field), a member never downloads the landing page.
const LandingPage = page(() => import('@web/features/landing/landing-page'), 'LandingPage');
const AppShell = lazyPart(async () => (await import('./layouts/app-shell')).AppShell, () => <LoadingScreen />, WHEN_RENDERED);
const SignInPage = page(() => import('@web/features/auth/sign-in-page'), 'SignInPage');
const ForgotPasswordPage = page(() => import('@web/features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('@web/features/auth/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('@web/features/auth/verify-email-page'), 'VerifyEmailPage');
const SettingsPage = page(() => import('@web/features/settings/settings-page'), 'SettingsPage');
const TermsPage = page(() => import('@web/features/legal/terms-page'), 'TermsPage');
const PrivacyPage = page(() => import('@web/features/legal/privacy-page'), 'PrivacyPage');
const CopyrightPage = page(() => import('@web/features/legal/copyright-page'), 'CopyrightPage');
const NotFoundPage = page(() => import('@web/features/not-found/not-found-page'), 'NotFoundPage');
const loadExplore = () => import('@web/features/explore/explore-page');
const ExplorePage = page(loadExplore, 'ExplorePage');
const SearchPage = page(() => import('@web/features/search/search-page'), 'SearchPage');
const ProfilePage = page(() => import('@web/features/profile/profile-page'), 'ProfilePage');
const MyProjectsPage = page(() => import('@web/features/projects/my-projects-page'), 'MyProjectsPage');
const ProjectPreviewPage = page(() => import('@web/features/projects/project-preview-page'), 'ProjectPreviewPage');
const ProjectPage = page(() => import('@web/features/project-detail/project-page'), 'ProjectPage');
const SavedPage = page(() => import('@web/features/saved/saved-page'), 'SavedPage');
const NotificationsPage = page(() => import('@web/features/notifications/notifications-page'), 'NotificationsPage');
const BlogListPage = page(() => import('@web/features/blog/blog-list-page'), 'BlogListPage');
const BlogPostPage = page(() => import('@web/features/blog/blog-post-page'), 'BlogPostPage');
const SubscribePage = page(() => import('@web/features/premium/subscribe-page'), 'SubscribePage');
const SubscribeSuccessPage = page(() => import('@web/features/premium/subscribe-success-page'), 'SubscribeSuccessPage');
const AnalyticsPage = page(() => import('@web/features/analytics/analytics-page'), 'AnalyticsPage');
const AdminPage = page(() => import('@web/features/admin/admin-page'), 'AdminPage');
const AdminProfileViewPage = page(() => import('@web/features/admin/admin-profile-view-page'), 'AdminProfileViewPage');

/** Rendered beside the routes: its effect runs once the first screen (every lazy part of it) is up. */
function FirstScreenShown() {
  useEffect(() => markFirstScreenShown(), []);
  return null;
}

/** A signed-in member who lands on /signin goes where they were heading. */
function SignedInRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={safeReturnTo(params.get('returnTo'))} replace />;
}

/**
 * A member opening Explore: its chunk and its three lists are asked for as soon as the member is known,
 * beside the shell's chunks, instead of once the shell has loaded and rendered the page.
 */
function usePreloadExplore(signedIn: boolean) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const atExplore = signedIn && pathname === '/';
  useEffect(() => {
    if (atExplore) void loadExplore().then((m) => m.prefetchExplore(queryClient), () => undefined);
  }, [atExplore, queryClient]);
}

export function AppRouter() {
  const { user, isLoading } = useUser();
  usePreloadExplore(!!user);
  if (isLoading) return <LoadingScreen />;

  return (
    <Suspense fallback={<LoadingScreen />}>
      <FirstScreenShown />
      {user ? (
        <Routes>
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/copyright" element={<CopyrightPage />} />
          <Route path="/signin" element={<SignedInRedirect />} />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route element={<AppShell user={user} />}>
            <Route path="/settings" element={<SettingsPage />} />
            <Route index element={<ExplorePage />} />
            <Route path="/blog" element={<BlogListPage />} />
            <Route path="/blog/:slug" element={<BlogPostPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/profile/admin-view/:userId" element={<AdminProfileViewPage />} />
            <Route path="/profile/:handle" element={<ProfilePage />} />
            <Route path="/projects" element={<Navigate to="/my-projects" replace />} />
            <Route path="/my-projects" element={<MyProjectsPage />} />
            <Route path="/project/:id" element={<ProjectPage />} />
            <Route path="/project-preview/:id" element={<ProjectPreviewPage />} />
            <Route path="/saved" element={<SavedPage />} />
            <Route path="/notifications" element={<NotificationsPage />} />
            <Route path="/subscribe" element={<SubscribePage />} />
            <Route path="/subscribe/success" element={<SubscribeSuccessPage />} />
            <Route path="/analytics" element={<AnalyticsPage />} />
            <Route path="/search" element={<SearchPage />} />
            <Route path="/admin" element={<AdminPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      ) : (
        <Routes>
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/copyright" element={<CopyrightPage />} />
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/subscribe" element={<SubscribePage />} />
          <Route path="*" element={<LandingPage />} />
        </Routes>
      )}
    </Suspense>
  );
}
