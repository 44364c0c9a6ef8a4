import { useDeferredValue, useEffect, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useUser } from '@web/lib/use-user';
import { getFollowingProjectsQueryOptions, useFollowingProjects } from '@web/api/discovery/get-following-projects';
import { flattenPages, getRecommendedProjectsQueryOptions, useRecommendedProjects } from '@web/api/discovery/get-recommended-projects';
import { getTrendingProjectsQueryOptions, useTrendingProjects } from '@web/api/discovery/get-trending-projects';
import { ExploreSections, type ExploreView } from './components/explore-sections';
import { useInfiniteScroll } from './hooks/use-infinite-scroll';

const PRODUCT_HUNT_URL = 'https://www.producthunt.com/';

/**
 * Asks for a member's three Explore lists (the router calls it as soon as it knows a member is opening
 * Explore, beside the shell's chunks). The page's queries then take these answers, fetched or under way;
 * a failed one is asked again when the page mounts, which shows its error.
 */
export function prefetchExplore(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getFollowingProjectsQueryOptions());
  void queryClient.prefetchQuery(getTrendingProjectsQueryOptions());
  void queryClient.prefetchInfiniteQuery(getRecommendedProjectsQueryOptions());
}

/** The signed-in home: Following, Trending and More for you. */
export function ExplorePage() {
  const { isAuthenticated } = useUser();
  const following = useFollowingProjects({ enabled: isAuthenticated });
  const trending = useTrendingProjects();
  const recommended = useRecommendedProjects({ enabled: isAuthenticated });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = recommended;
  const forYou = useMemo(() => flattenPages(recommended.data?.pages), [recommended.data]);
  // A page that fails is only logged; the next scroll asks for it again.
  useInfiniteScroll(
    () => {
      if (!hasNextPage || isFetchingNextPage) return;
      void fetchNextPage({ cancelRefetch: false }).then((r) => {
        if (r.isFetchNextPageError) console.error('Failed to load more recommended projects', r.error);
      });
    },
    recommended.isSuccess,
    forYou.length,
  );
  const authRedirect = useAuthRedirect();

  useEffect(() => {
    // Only a failed first page of "More for you" counts here; later pages are only logged.
    const recommendedError = recommended.isFetchNextPageError ? null : recommended.error;
    const error = following.error ?? recommendedError ?? trending.error;
    if (error) authRedirect(error);
  }, [following.error, recommended.error, recommended.isFetchNextPageError, trending.error, authRedirect]);

  const view = useMemo<ExploreView>(
    () => ({
      signedIn: isAuthenticated,
      followingLoading: following.isLoading,
      following: following.data,
      trendingLoading: trending.isLoading,
      trendingFailed: trending.isError,
      trending: trending.data,
      forYouLoading: recommended.isLoading,
      forYouLoadingMore: isFetchingNextPage,
      forYou,
    }),
    [isAuthenticated, following.isLoading, following.data, trending.isLoading, trending.isError, trending.data, recommended.isLoading, isFetchingNextPage, forYou],
  );
  // The sections render each answer in a deferred pass, which React splits into short slices; the store's
  // own update (useSyncExternalStore, always urgent) would render every card in one blocking task.
  const shown = useDeferredValue(view);

  return (
    <Stack spacing={5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Explore
        </Typography>
        {/* The original shows a Product Hunt button without behaviour: here a plain link out, in a new tab. */}
        <Button
          component="a"
          href={PRODUCT_HUNT_URL}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          startIcon={<RocketLaunchIcon />}
        >
          Product Hunt
        </Button>
      </Stack>

      <ExploreSections {...shown} />
    </Stack>
  );
}
