import { ComingSoon } from '@web/components/coming-soon';

export function SearchPage() {
  return <ComingSoon title="Search" />;
}
