import { memo } from 'react';
import Typography from '@mui/material/Typography';
import type { TProject } from '@shared/schemas/project';
import { Carousel } from '@web/components/carousel';
import { ProjectCard } from '@web/components/project-card';
import { ExploreSection } from './explore-section';
import { RecommendedGrid } from './recommended-grid';

/** The cards of a carousel a wide first screen shows (20rem each): their thumbnails are not lazy. */
const CAROUSEL_FIRST_SCREEN = 4;

/** What Explore's three sections show: each query's answer and state, as plain values. */
export type ExploreView = {
  signedIn: boolean;
  followingLoading: boolean;
  following: readonly TProject[] | undefined;
  trendingLoading: boolean;
  trendingFailed: boolean;
  trending: readonly TProject[] | undefined;
  forYouLoading: boolean;
  forYouLoadingMore: boolean;
  forYou: TProject[];
};

/**
 * Following, Trending and More for you. Memoized: Explore renders it with a deferred view, so the cards of
 * an answer render in React's interruptible pass while the store's urgent render bails out here.
 */
export const ExploreSections = memo(function ExploreSections(view: ExploreView) {
  const showFollowing = view.signedIn && (view.followingLoading || (view.following?.length ?? 0) > 0);
  const showForYou = view.forYouLoading || view.forYou.length > 0;
  return (
    <>
      {showFollowing && (
        <ExploreSection id="following" title="Following" subtitle="From creators you follow">
          <Carousel label="Following" isLoading={view.followingLoading}>
            {(view.following ?? []).map((p, i) => (
              <ProjectCard key={`${p.id}-${p.sharedBy ?? ''}`} project={p} eager={i < CAROUSEL_FIRST_SCREEN} />
            ))}
          </Carousel>
        </ExploreSection>
      )}

      <ExploreSection id="trending" title="Trending" subtitle="Most popular projects right now">
        {!view.trendingLoading && (view.trending?.length ?? 0) === 0 ? (
          <Typography color="textSecondary">{view.trendingFailed ? 'Failed to load trending projects' : 'No trending projects yet'}</Typography>
        ) : (
          <Carousel label="Trending" isLoading={view.trendingLoading}>
            {(view.trending ?? []).map((p, i) => (
              <ProjectCard key={p.id} project={p} eager={i < CAROUSEL_FIRST_SCREEN} />
            ))}
          </Carousel>
        )}
      </ExploreSection>

      {showForYou && (
        <ExploreSection id="recommended" title="More for you" subtitle="Recommended projects">
          <RecommendedGrid projects={view.forYou} isLoading={view.forYouLoading} isLoadingMore={view.forYouLoadingMore} />
        </ExploreSection>
      )}
    </>
  );
});
