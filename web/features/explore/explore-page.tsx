import { ComingSoon } from '@web/components/coming-soon';

export function ExplorePage() {
  return <ComingSoon title="Explore" />;
}
