import { useEffect, useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Carousel } from '@web/components/carousel';
import { ProjectCard } from '@web/components/project-card';
import { useAuthRedirect } from '@web/lib/use-auth-redirect';
import { useUser } from '@web/lib/use-user';
import { useFollowingProjects } from '@web/api/discovery/get-following-projects';
import { flattenPages, useRecommendedProjects } from '@web/api/discovery/get-recommended-projects';
import { useTrendingProjects } from '@web/api/discovery/get-trending-projects';
import { ExploreSection } from './components/explore-section';
import { RecommendedGrid } from './components/recommended-grid';
import { useInfiniteScroll } from './hooks/use-infinite-scroll';

const PRODUCT_HUNT_URL = 'https://www.producthunt.com/';

/** The signed-in home (spec section 2): Following, Trending and More for you. */
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

  const showFollowing = isAuthenticated && (following.isLoading || (following.data?.length ?? 0) > 0);
  const showForYou = recommended.isLoading || forYou.length > 0;

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

      {showFollowing && (
        <ExploreSection id="following" title="Following" subtitle="From creators you follow">
          <Carousel label="Following" isLoading={following.isLoading}>
            {(following.data ?? []).map((p) => (
              <ProjectCard key={`${p.id}-${p.sharedBy ?? ''}`} project={p} />
            ))}
          </Carousel>
        </ExploreSection>
      )}

      <ExploreSection id="trending" title="Trending" subtitle="Most popular projects right now">
        {!trending.isLoading && (trending.data?.length ?? 0) === 0 ? (
          <Typography color="textSecondary">{trending.isError ? 'Failed to load trending projects' : 'No trending projects yet'}</Typography>
        ) : (
          <Carousel label="Trending" isLoading={trending.isLoading}>
            {(trending.data ?? []).map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </Carousel>
        )}
      </ExploreSection>

      {showForYou && (
        <ExploreSection id="recommended" title="More for you" subtitle="Recommended projects">
          <RecommendedGrid projects={forYou} isLoading={recommended.isLoading} isLoadingMore={isFetchingNextPage} />
        </ExploreSection>
      )}
    </Stack>
  );
}
